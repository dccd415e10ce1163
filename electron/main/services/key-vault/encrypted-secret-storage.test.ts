import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EncryptedFileSecretStorage, type SecretEncryptor } from './encrypted-secret-storage';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'encrypted-secret-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Real AES-GCM under a per-test key, reporting the backend a Linux safeStorage would. */
function encryptor(backend: string | null, available = true, rotated = false): SecretEncryptor {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: async () => available,
    selectedBackend: () => backend,
    encryptString: async (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString: async (data) => {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
      return { plain: plain.toString(), shouldReEncrypt: rotated };
    },
  };
}

describe('EncryptedFileSecretStorage', () => {
  it("refuses Linux's basic_text backend with a message naming the keyrings, writing nothing", async () => {
    const file = path.join(dir, 'api-key.enc');
    const storage = new EncryptedFileSecretStorage(file, encryptor('basic_text'));
    await expect(storage.refusal()).resolves.toMatch(/gnome-keyring/i);
    await expect(storage.write('sk_live_customer_7f3a')).rejects.toThrow(/GNOME Keyring.*KWallet/);
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('refuses when encryption is unavailable at all', async () => {
    const storage = new EncryptedFileSecretStorage(path.join(dir, 'k'), encryptor(null, false));
    await expect(storage.write('sk_live_customer_7f3a')).rejects.toThrow(
      /keychain is not available/,
    );
  });

  it.each([['gnome_libsecret'], ['kwallet5'], [null]])(
    'stores only ciphertext, 0600, with backend %s',
    async (backend) => {
      const file = path.join(dir, 'api-key.enc');
      const storage = new EncryptedFileSecretStorage(file, encryptor(backend));
      await expect(storage.refusal()).resolves.toBeNull();
      await storage.write('sk_live_customer_7f3a');
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect((await fs.readFile(file)).toString('latin1')).not.toContain('customer');
      expect(await storage.read()).toBe('sk_live_customer_7f3a');
      await storage.clear();
      expect(await storage.read()).toBeNull();
    },
  );

  it('writes the secret again when the keychain says its key was rotated', async () => {
    const file = path.join(dir, 'api-key.enc');
    const storage = new EncryptedFileSecretStorage(file, encryptor(null, true, true));
    await storage.write('sk_live_customer_7f3a');
    const stored = await fs.readFile(file);
    expect(await storage.read()).toBe('sk_live_customer_7f3a');
    // Each encryption uses a fresh IV, so the rewrite shows as other bytes on disk.
    expect((await fs.readFile(file)).equals(stored)).toBe(false);
    expect(await storage.read()).toBe('sk_live_customer_7f3a');
  });

  it('leaves the file alone when no rotation is reported', async () => {
    const file = path.join(dir, 'api-key.enc');
    const storage = new EncryptedFileSecretStorage(file, encryptor(null));
    await storage.write('sk_live_customer_7f3a');
    const stored = await fs.readFile(file);
    expect(await storage.read()).toBe('sk_live_customer_7f3a');
    expect((await fs.readFile(file)).equals(stored)).toBe(true);
  });
});
