import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

/**
 * Nothing piles up in the engine's data folder: a real engine with a one-second retention makes
 * a sound effect, and its work folder, its download grants and then its result file go away.
 */
let engine: TestEngine;

beforeAll(async () => {
  engine = await startTestEngine({ resultTtlSeconds: 1, resultRetentionSeconds: 1 });
});

afterAll(async () => {
  await engine.close();
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('retention', () => {
  it("deletes a finished task's work folder, then its expired grants and result file", async () => {
    const sfx = await engine.post('/v1/text-to-sfx', { prompt: 'door knock', duration: 1 });
    expect(sfx.status).toBe(202);
    const taskId = sfx.body.task_id as string;
    const done = await engine.pollTask(taskId);
    expect(done.status).toBe('succeeded');
    expect(await exists(join(engine.dataDir, 'tasks', taskId, 'work'))).toBe(false);
    expect(await exists(join(engine.dataDir, 'tasks', taskId, 'task.json'))).toBe(true);
    const filesDir = join(engine.dataDir, 'files');
    const before = (await readdir(filesDir)).filter((name) => name !== 'index.json');
    expect(before.length).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await engine.restart({}); // the sweep runs at start
    const after = (await readdir(filesDir)).filter((name) => !name.startsWith('index'));
    expect(after).toEqual([]);
    // The task still answers; its URL now leads to a 404, not to an internal placeholder.
    const again = await engine.get(`/v1/tasks/${taskId}`);
    expect(JSON.stringify(again.body)).not.toContain('soundstage-file:');
  });
});
