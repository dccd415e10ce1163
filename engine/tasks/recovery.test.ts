import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, tempDir, type TestEngine } from '../testing/harness';

const KEY = 'sk_recovery';
const children: ChildProcess[] = [];
let engine: TestEngine | undefined;

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await engine?.close();
  engine = undefined;
});

/** Runs the real CLI in its own process, so it can be killed like a crashed engine. */
async function spawnEngine(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'engine/cli.ts', '--data', dataDir, '--key', KEY, '--port', '0'],
    {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Soundstage engine listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`engine exited early (${code})`)));
  });
  return { child, url };
}

async function submitThenKill(dataDir: string): Promise<string> {
  const { child, url } = await spawnEngine(dataDir);
  const res = await fetch(`${url}/v1/text-to-music`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}` },
    body: new URLSearchParams({ prompt: 'slow cinematic strings', duration: '30', mode: 'async' }),
  });
  expect(res.status).toBe(202);
  const { task_id: taskId } = (await res.json()) as { task_id: string };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return taskId;
}

describe('restart recovery', () => {
  it('resumes a task the engine was killed in the middle of', async () => {
    const dataDir = await tempDir('soundstage-recovery-');
    const taskId = await submitThenKill(dataDir);
    const stored = JSON.parse(await readFile(join(dataDir, 'tasks', taskId, 'task.json'), 'utf8'));
    expect(stored.status).toBe('processing');

    engine = await startTestEngine({ dataDir, key: KEY });
    const task = await engine.pollTask(taskId);
    expect(['succeeded', 'failed']).toContain(task.status);
    if (task.status === 'failed') expect(task.refunded).toBe(true);
    else expect(task.audio[0].file_size).toBeGreaterThan(0);
    const after = JSON.parse(await readFile(join(dataDir, 'tasks', taskId, 'task.json'), 'utf8'));
    expect(after.attempts).toBe(2);
  });

  it('fails and refunds a task that was already interrupted once, instead of looping', async () => {
    const dataDir = await tempDir('soundstage-recovery-');
    const taskId = await submitThenKill(dataDir);
    const path = join(dataDir, 'tasks', taskId, 'task.json');
    const stored = JSON.parse(await readFile(path, 'utf8'));
    await writeFile(path, JSON.stringify({ ...stored, attempts: 2 }));

    engine = await startTestEngine({ dataDir, key: KEY });
    const task = await engine.pollTask(taskId);
    expect(task).toMatchObject({
      status: 'failed',
      refunded: true,
      error: { code: 'GENERATION_FAILED' },
    });
    const services = (await engine.get('/v1/account/services')).body;
    expect(services.balance).toBe(1000);
    const usage = (await engine.get('/v1/account/usage')).body;
    expect(usage.summary).toMatchObject({
      total_requests: 1,
      total_cost: '0.0000',
      total_refunds: 1,
    });

    // A second restart does not refund again.
    await engine.restart();
    expect((await engine.get('/v1/account/services')).body.balance).toBe(1000);
    expect((await engine.get(`/v1/tasks/${taskId}`)).body.status).toBe('failed');
  });
});
