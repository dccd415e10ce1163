import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, JobRequest } from '../../../../shared/domain/jobs/job';
import { startTestEngine, tempDir, type TestEngine } from '../../../../engine/testing/harness';
import { startKillProxy, type KillProxy } from './__tests__/kill-proxy';

/**
 * The trust test of the ledger: a real child process runs the job runner against the real
 * engine through a TCP proxy that SIGKILLs the child the moment a complete POST has arrived,
 * then forwards that POST. The child is started again on the same data folder; the engine's
 * usage and task store must show every job charged exactly once.
 */
const child = path.join(import.meta.dirname, '__tests__', 'crash-child.ts');
const clip = path.resolve(import.meta.dirname, '../../../../assets/media/sample-clip.mp4');

let engine: TestEngine | undefined;
let proxy: KillProxy | undefined;
let dataDir: string | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  await proxy?.close();
  await engine?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  proxy = engine = dataDir = undefined;
});

const sfx = (prompt: string): JobRequest => ({
  type: 'text_to_sfx',
  delivery: 'async',
  fields: { prompt, duration: 1 },
  files: {},
  label: prompt,
});

/** Starts the child; resolves with its exit code and the jobs it printed when done. */
function runChild(
  url: string,
  jobs: JobRequest[],
  concurrency: number,
): { process: ChildProcess; exit: Promise<{ code: number | null; jobs: Job[] }> } {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      child,
      dataDir!,
      url,
      engine!.key,
      JSON.stringify(jobs),
      String(concurrency),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(proc);
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; jobs: Job[] }>((resolve) => {
    proc.once('exit', (code) => {
      const done = /^done (.*)$/m.exec(out)?.[1];
      if (code === 0 && !done) throw new Error(`child said nothing: ${out}\n${err}`);
      resolve({ code, jobs: done ? (JSON.parse(done) as Job[]) : [] });
    });
  });
  return { process: proc, exit };
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => proc.once('exit', () => resolve()));
}

async function chargedRequests(): Promise<number> {
  const usage = await engine!.get('/v1/account/usage?days=1');
  return Number(usage.body.summary.total_requests);
}

/** Task ids in the engine's task store (one folder with a task.json per accepted async POST). */
async function storedTasks(): Promise<string[]> {
  const tasksDir = path.join(engine!.dataDir, 'tasks');
  const names = await fs.readdir(tasksDir).catch(() => [] as string[]);
  const ids: string[] = [];
  for (const name of names) {
    const exists = await fs.stat(path.join(tasksDir, name, 'task.json')).then(
      () => true,
      () => false,
    );
    if (exists) ids.push(name);
  }
  return ids.sort();
}

/**
 * Runs `jobs` in a child, kills it when the `armedPost`-th POST is complete, lets the proxy
 * forward that POST, restarts the child on the same folder and returns the jobs it finished.
 */
async function crashAndResume(
  jobs: JobRequest[],
  armedPost: number,
  concurrency = 1,
): Promise<Job[]> {
  engine = await startTestEngine();
  dataDir = await tempDir('crash-once-');
  const victim: { process?: ChildProcess } = {};
  proxy = await startKillProxy(engine.url, armedPost, async () => {
    victim.process!.kill('SIGKILL');
    await exited(victim.process!);
  });
  const run1 = runChild(proxy.url, jobs, concurrency);
  victim.process = run1.process;
  const answer = await proxy.forwarded;
  expect((await run1.exit).code).toBe(null); // killed, never finished on its own
  expect(answer).toMatch(/^HTTP\/1\.1 (202|200)/); // the engine accepted the POST the child never saw answered
  const run2 = runChild(proxy.url, jobs, concurrency);
  const { code, jobs: finished } = await run2.exit;
  expect(code).toBe(0);
  expect(finished).toHaveLength(jobs.length);
  return finished;
}

describe('a job is charged exactly once, whenever the client is killed', () => {
  it('a single async job killed as its POST arrives', async () => {
    const [job] = await crashAndResume([sfx('door slam')], 1);
    expect(job!.stage, JSON.stringify(job!.error)).toBe('succeeded');
    expect(await chargedRequests()).toBe(1);
    expect(await storedTasks()).toEqual([job!.taskId]);
  });

  it('the second of two jobs at concurrency 1', async () => {
    const jobs = await crashAndResume([sfx('rain'), sfx('thunder')], 2);
    expect(jobs.map((j) => j.stage)).toEqual(['succeeded', 'succeeded']);
    expect(await chargedRequests()).toBe(2);
    expect(await storedTasks()).toEqual(jobs.map((j) => j.taskId).sort());
  });

  it('a stream job: charged once, and the re-send is refused rather than generated again', async () => {
    const stream: JobRequest = {
      type: 'text_to_music',
      delivery: 'stream',
      fields: { prompt: 'soft ambient pad', duration: 5 },
      files: {},
      label: 'Pad',
    };
    const [job] = await crashAndResume([stream], 1);
    expect(job).toMatchObject({ stage: 'failed', error: { code: 'stream_already_charged' } });
    expect(await chargedRequests()).toBe(1);
    expect(proxy!.posts()).toBe(2); // the re-send happened, with the same key
  });

  it('a job with a video upload', async () => {
    const video: JobRequest = {
      type: 'video_to_sfx',
      delivery: 'async',
      fields: {},
      files: { video: clip },
      label: 'Clip effects',
    };
    const [job] = await crashAndResume([video], 1);
    expect(job!.stage, JSON.stringify(job!.error)).toBe('succeeded');
    expect(await chargedRequests()).toBe(1);
    expect(await storedTasks()).toEqual([job!.taskId]);
  });
});
