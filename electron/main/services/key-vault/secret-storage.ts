import { promises as fs } from 'node:fs';
import { writeFileAtomic } from '../storage/atomic-file';

/** Where the key vault keeps its one secret. Electron's adapter encrypts with safeStorage. */
export interface SecretStorage {
  read(): Promise<string | null>;
  write(secret: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Browser-mode storage: a file with mode 0600 in the user data folder. This is
 * plaintext-equivalent, protected only by file permissions (any process running as this user
 * can read it); it is used only where Electron's safeStorage is unavailable.
 */
export class FileSecretStorage implements SecretStorage {
  constructor(readonly filePath: string) {}

  async read(): Promise<string | null> {
    try {
      const text = await fs.readFile(this.filePath, 'utf8');
      return text.length > 0 ? text : null;
    } catch {
      return null;
    }
  }

  async write(secret: string): Promise<void> {
    await writeFileAtomic(this.filePath, secret, 0o600);
  }

  async clear(): Promise<void> {
    await fs.rm(this.filePath, { force: true });
  }
}
