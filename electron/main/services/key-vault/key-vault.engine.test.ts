import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, tempDir, type TestEngine } from '../../../../engine/testing/harness';
import { ApiClient } from '../api-client/api-client';
import { EncryptedFileSecretStorage } from './encrypted-secret-storage';
import { KeyVault } from './key-vault';
import { FileSecretStorage } from './secret-storage';

let engine: TestEngine;
let dir: string;
beforeAll(async () => {
  engine = await startTestEngine({ accounts: [{ key: 'sk_live_customer_7f3a' }] });
  dir = await tempDir('vault-');
});
afterAll(async () => {
  await engine?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function vaultAt(file: string, now = () => 1_700_000_000_000) {
  const storage = new FileSecretStorage(file);
  const vault = new KeyVault({
    storage,
    serviceUrl: () => engine.url,
    verify: (key, baseUrl) =>
      new ApiClient({ baseUrl, getKey: async () => key, clientVersion: 'test' }).getServices(),
    now,
  });
  return { storage, vault };
}

describe('KeyVault with the real engine', () => {
  it('verifies a key against GET /v1/account/services, stores it 0600 and reports only last4', async () => {
    const file = path.join(dir, 'api-key');
    const { vault } = vaultAt(file);
    expect(await vault.status()).toEqual({ configured: false });
    const set = await vault.set('  sk_live_customer_7f3a ');
    const origin = new URL(engine.url).origin;
    expect(set).toEqual({
      ok: true,
      value: { configured: true, last4: '7f3a', verifiedAt: 1_700_000_000_000, origin },
    });
    expect(JSON.stringify(set)).not.toContain('sk_live_customer');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await vault.keyFor(origin)).toBe('sk_live_customer_7f3a');
    // Any other origin gets nothing, whatever the port or scheme.
    expect(await vault.keyFor('http://127.0.0.1:1')).toBeNull();
    // A fresh vault on the same file (next launch) sees the same key and status.
    const again = vaultAt(file).vault;
    expect(await again.status()).toEqual({
      configured: true,
      last4: '7f3a',
      verifiedAt: 1_700_000_000_000,
      origin,
    });
    expect(await again.keyFor(origin)).toBe('sk_live_customer_7f3a');
  });

  it('rejects a key the engine does not know with "Key rejected", stores nothing, never echoes it', async () => {
    const file = path.join(dir, 'rejected-key');
    const { vault } = vaultAt(file);
    const bad = 'sk_live_not_a_real_key_123';
    const set = await vault.set(bad);
    expect(set).toEqual({
      ok: false,
      error: { code: 'key_rejected', message: 'Key rejected', retryable: false, field: 'key' },
    });
    expect(JSON.stringify(set)).not.toContain(bad);
    expect(await vault.status()).toEqual({ configured: false });
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('keeps the stored key when a new one is rejected, and clears it on request', async () => {
    const file = path.join(dir, 'kept-key');
    const { vault } = vaultAt(file);
    expect((await vault.set('sk_live_customer_7f3a')).ok).toBe(true);
    expect((await vault.set('sk_live_wrong_000000')).ok).toBe(false);
    const origin = new URL(engine.url).origin;
    expect(await vault.keyFor(origin)).toBe('sk_live_customer_7f3a');
    expect(await vault.clear()).toEqual({ ok: true, value: { configured: false } });
    expect(await vault.keyFor(origin)).toBeNull();
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('says the service cannot be reached (retryable) when verification has no answer', async () => {
    const { vault } = vaultAt(path.join(dir, 'unreachable'));
    const offline = new KeyVault({
      storage: new FileSecretStorage(path.join(dir, 'unreachable')),
      serviceUrl: () => 'http://127.0.0.1:9',
      verify: (key, baseUrl) =>
        new ApiClient({ baseUrl, getKey: async () => key, clientVersion: 't' }).getServices(),
    });
    expect(await offline.set('sk_any_key_1234')).toMatchObject({
      ok: false,
      error: { code: 'verify_unreachable', retryable: true },
    });
    expect(await vault.status()).toEqual({ configured: false });
  });
  it('treats a key stored before keys had an origin as bound to no service', async () => {
    const file = path.join(dir, 'legacy-key');
    await fs.writeFile(file, JSON.stringify({ v: 1, key: 'sk_live_customer_7f3a', verifiedAt: 5 }));
    const { vault } = vaultAt(file);
    expect(await vault.status()).toEqual({ configured: true, last4: '7f3a', verifiedAt: 5 });
    expect(await vault.keyFor(new URL(engine.url).origin)).toBeNull();
  });

  it("answers key_not_stored with how to get a keyring when Linux's safeStorage is basic_text", async () => {
    const file = path.join(dir, 'basic-text-key');
    const vault = new KeyVault({
      storage: new EncryptedFileSecretStorage(file, {
        isEncryptionAvailable: async () => true,
        selectedBackend: () => 'basic_text',
        encryptString: () => {
          throw new Error('must not be called');
        },
        decryptString: async () => ({ plain: '', shouldReEncrypt: false }),
      }),
      serviceUrl: () => engine.url,
      verify: (key, baseUrl) =>
        new ApiClient({ baseUrl, getKey: async () => key, clientVersion: 't' }).getServices(),
    });
    const set = await vault.set('sk_live_customer_7f3a');
    expect(set).toMatchObject({
      ok: false,
      error: { code: 'key_not_stored', message: expect.stringMatching(/gnome-keyring.*KWallet/) },
    });
    expect(JSON.stringify(set)).not.toContain('customer_7f3a');
    expect(await vault.status()).toEqual({ configured: false });
    await expect(fs.stat(file)).rejects.toThrow();
  });
});
