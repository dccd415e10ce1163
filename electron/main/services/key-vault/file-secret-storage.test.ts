import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStorage } from './secret-storage';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('FileSecretStorage', () => {
  it('writes a 0600 file, reads it back and clears it', async () => {
    const file = path.join(dir, 'nested', 'api-key');
    const storage = new FileSecretStorage(file);
    expect(await storage.read()).toBeNull();
    const previous = process.umask(0o000);
    try {
      await storage.write('secret-value');
    } finally {
      process.umask(previous);
    }
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await storage.read()).toBe('secret-value');
    await storage.write('second');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await storage.read()).toBe('second');
    await storage.clear();
    expect(await storage.read()).toBeNull();
    await storage.clear();
  });
});
