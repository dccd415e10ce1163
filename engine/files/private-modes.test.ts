import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

/**
 * Under a permissive umask (000), the engine's data folder is still owner-only and its state
 * files are 0600: other local users cannot read accounts, usage or uploads.
 */
let engine: TestEngine;
let umask: number;

beforeAll(async () => {
  umask = process.umask(0o000);
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine.close();
  process.umask(umask);
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("the engine's data at rest", () => {
  it('keeps its folder 0700 and its state files 0600', async () => {
    const sfx = await engine.post('/v1/text-to-sfx', { prompt: 'door knock', duration: 1 });
    expect(sfx.status).toBe(202);
    await engine.pollTask(sfx.body.task_id as string);
    expect(await modeOf(engine.dataDir)).toBe(0o700);
    expect(await modeOf(join(engine.dataDir, 'accounts.json'))).toBe(0o600);
    expect(await modeOf(join(engine.dataDir, 'watermark-serials.json'))).toBe(0o600);
    const [usage] = await readdir(join(engine.dataDir, 'ledger'));
    expect(await modeOf(join(engine.dataDir, 'ledger', usage!))).toBe(0o600);
  });
});
