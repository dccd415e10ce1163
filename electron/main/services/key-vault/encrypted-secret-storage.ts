import { promises as fs } from 'node:fs';
import { writeFileAtomic } from '../storage/atomic-file';
import type { SecretStorage } from './secret-storage';

/**
 * What the key vault needs from the OS keychain (Electron's safeStorage, injected). Asynchronous
 * like safeStorage's `*Async` methods, which replace the synchronous ones deprecated in
 * Electron 45 (docs/decisions/075-electron-45.md); they read what the old ones wrote.
 */
export interface SecretEncryptor {
  isEncryptionAvailable(): Promise<boolean>;
  /**
   * Linux only: the backend safeStorage chose (`basic_text`, `gnome_libsecret`, `kwallet*`,
   * `unknown`); null on other systems, where the keychain is always a real one.
   */
  selectedBackend(): string | null;
  encryptString(plain: string): Promise<Buffer>;
  /** `shouldReEncrypt`: the keychain's key was rotated; write the secret again to follow it. */
  decryptString(encrypted: Buffer): Promise<{ plain: string; shouldReEncrypt: boolean }>;
}

/**
 * Said when Linux has no keyring: safeStorage then falls back to `basic_text`, which encrypts
 * with a password hard-coded in Chromium, so the file would be as good as plain text.
 */
export const NO_KEYRING_MESSAGE =
  'No system keyring is running, so the key cannot be stored encrypted (Linux would fall back to ' +
  'plain text). Install and unlock a keyring — GNOME Keyring (gnome-keyring, with libsecret) or ' +
  'KWallet — then restart Soundstage and enter the key again.';

export const NO_ENCRYPTION_MESSAGE =
  'The system keychain is not available, so the key cannot be stored safely. Unlock your ' +
  'keychain (or on Linux start GNOME Keyring or KWallet), then restart Soundstage.';

/**
 * The key vault's storage in Electron: the key is encrypted by the OS keychain and only the
 * ciphertext touches disk (0600, written atomically). It refuses to store rather than fall back
 * to plain text: when encryption is unavailable, and on Linux's `basic_text` backend.
 */
export class EncryptedFileSecretStorage implements SecretStorage {
  constructor(
    readonly filePath: string,
    private readonly encryptor: SecretEncryptor,
  ) {}

  /** Why a key cannot be stored here, or null when it can. */
  async refusal(): Promise<string | null> {
    if (!(await this.encryptor.isEncryptionAvailable())) return NO_ENCRYPTION_MESSAGE;
    return this.encryptor.selectedBackend() === 'basic_text' ? NO_KEYRING_MESSAGE : null;
  }

  async read(): Promise<string | null> {
    let decrypted: { plain: string; shouldReEncrypt: boolean };
    try {
      decrypted = await this.encryptor.decryptString(await fs.readFile(this.filePath));
    } catch {
      return null;
    }
    // Best effort: the old ciphertext still decrypts, so a failed rewrite loses nothing.
    if (decrypted.shouldReEncrypt) await this.write(decrypted.plain).catch(() => undefined);
    return decrypted.plain;
  }

  async write(secret: string): Promise<void> {
    const refusal = await this.refusal();
    if (refusal) throw new Error(refusal);
    await writeFileAtomic(this.filePath, await this.encryptor.encryptString(secret), 0o600);
  }

  async clear(): Promise<void> {
    await fs.rm(this.filePath, { force: true });
  }
}
