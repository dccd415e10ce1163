import { safeStorage } from 'electron';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';

/**
 * The key vault's storage in Electron: the key is encrypted with the OS keychain through
 * safeStorage and only the ciphertext touches disk. Refuses to store when encryption is not
 * available rather than falling back to plaintext.
 */
export class SafeStorageSecretStorage {
  constructor(private readonly filePath: string) {}

  async read(): Promise<string | null> {
    try {
      const encrypted = await readFile(this.filePath);
      return safeStorage.decryptString(encrypted);
    } catch {
      return null;
    }
  }

  async write(secret: string): Promise<void> {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error('The system keychain is not available, so the key cannot be stored safely.');
    }
    const temp = `${this.filePath}.tmp`;
    await writeFile(temp, safeStorage.encryptString(secret), { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, this.filePath);
  }

  async clear(): Promise<void> {
    await rm(this.filePath, { force: true });
  }
}
