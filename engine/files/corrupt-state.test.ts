import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

/**
 * The engine's state files torn or damaged on disk: a real engine is stopped, its files are
 * overwritten with junk, and it is started again on the same folder. It must start, answer, and
 * keep each unreadable file's bytes beside it.
 */
let engine: TestEngine;

beforeAll(async () => {
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine.close();
});

async function keptCopies(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => name.includes('.corrupt-')).map((name) => join(dir, name));
}

describe('engine state files that cannot be read', () => {
  it('starts, answers and keeps the bytes of every unreadable state file', async () => {
    // One paid request so the usage ledger has a file of its own.
    const sfx = await engine.post('/v1/text-to-sfx', { prompt: 'door knock', duration: 1 });
    expect(sfx.status).toBe(202);
    await engine.pollTask(sfx.body.task_id as string);
    const ledgerDir = join(engine.dataDir, 'ledger');
    const [ledgerFile] = await readdir(ledgerDir);
    expect(ledgerFile).toBeDefined();

    const junk = {
      [join(engine.dataDir, 'idempotency.json')]: '{"keys":[{"torn',
      [join(engine.dataDir, 'watermark-serials.json')]: 'garbage',
      [join(ledgerDir, ledgerFile!)]: '[{"amount":',
      [join(engine.dataDir, 'accounts.json')]: '{"accounts":[',
      [join(engine.dataDir, 'files', 'index.json')]: '',
    };
    await engine.restart({});
    for (const [path, bytes] of Object.entries(junk)) await writeFile(path, bytes);
    await engine.restart({});

    expect((await engine.get('/v1/account/services')).status).toBe(200);
    const kept = [
      ...(await keptCopies(engine.dataDir)),
      ...(await keptCopies(ledgerDir)),
      ...(await keptCopies(join(engine.dataDir, 'files'))),
    ];
    expect(kept).toHaveLength(Object.keys(junk).length);
    const keptBytes = await Promise.all(kept.map((path) => readFile(path, 'utf8')));
    expect(keptBytes.sort()).toEqual(Object.values(junk).sort());
    // A new request still works and is recorded afresh.
    const again = await engine.post('/v1/text-to-sfx', { prompt: 'door knock', duration: 1 });
    expect(again.status).toBe(202);
  });
});
