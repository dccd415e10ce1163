import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobLedger } from '../job-runner/ledger';
import { SettingsStore } from '../settings/settings-store';

let dir: string;
let umask: number;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'private-files-'));
  // A permissive umask would leave group/other bits: the files must be 0600 regardless.
  umask = process.umask(0o000);
});
afterAll(async () => {
  process.umask(umask);
  await fs.rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

describe("the app's private files", () => {
  it('writes jobs.json 0600', async () => {
    const ledger = new JobLedger(dir);
    await ledger.save(() => []);
    expect(await ledger.flush()).toBeNull();
    expect(await modeOf(ledger.file)).toBe(0o600);
  });

  it('writes settings.json 0600', async () => {
    const store = new SettingsStore({ dir, defaultProjectFolder: path.join(dir, 'project') });
    await store.load();
    expect((await store.update({ maxConcurrentJobs: 4 })).ok).toBe(true);
    expect(await modeOf(store.file)).toBe(0o600);
  });
});
