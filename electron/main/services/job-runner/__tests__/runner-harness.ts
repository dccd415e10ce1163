import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Job } from '../../../../../shared/domain/jobs/job';
import { startTestEngine, tempDir, type TestEngine } from '../../../../../engine/testing/harness';
import { ApiClient } from '../../api-client/api-client';
import { JobRunner, type JobRunnerOptions } from '../job-runner';
import { toolPath } from '../../../../../shared/node/toolchain';

/** Shared set-up of the runner's engine tests: real engines, runners on temp folders, waits. */
const run = promisify(execFile);
export let dir: string;
const engines: TestEngine[] = [];
const runners: JobRunner[] = [];

/** Registers the hooks: a temp folder for the file, and runners/engines closed after each test. */
export function useRunnerHarness(): void {
  beforeAll(async () => {
    dir = await tempDir('job-runner-');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.dispose()));
    await Promise.all(engines.splice(0).map((e) => e.close()));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
}

export async function engineWith(
  options: Parameters<typeof startTestEngine>[0] = {},
): Promise<TestEngine> {
  const engine = await startTestEngine(options);
  engines.push(engine);
  return engine;
}

export interface Harness {
  runner: JobRunner;
  changes: Job[];
  chunks: Buffer[];
  dataDir: string;
  project: string;
}

export async function runnerFor(
  engine: TestEngine,
  key = engine.key,
  extra: Partial<JobRunnerOptions> & { dataDir?: string } = {},
): Promise<Harness> {
  const dataDir = extra.dataDir ?? (await fs.mkdtemp(path.join(dir, 'data-')));
  const project = path.join(dataDir, 'project');
  const changes: Job[] = [];
  const chunks: Buffer[] = [];
  const client = new ApiClient({
    baseUrl: engine.url,
    getKey: async () => key,
    clientVersion: 'test',
  });
  const runner = new JobRunner({
    dataDir,
    projectFolder: () => project,
    client: () => client,
    concurrency: () => 2,
    onChange: (job) => changes.push(job),
    onStreamChunk: (_id, seq, bytes) => {
      expect(seq).toBe(chunks.length);
      chunks.push(Buffer.from(bytes));
    },
    pollIntervalMs: 200,
    retryDelayMs: 100,
    ...extra,
  });
  runners.push(runner);
  await runner.start();
  return { runner, changes, chunks, dataDir, project };
}

export function waitFor(
  h: Harness,
  id: string,
  predicate: (job: Job) => boolean,
  timeoutMs = 100_000,
): Promise<Job> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const job = h.runner.get(id);
      if (job && predicate(job)) return resolve(job);
      if (Date.now() - started > timeoutMs)
        return reject(new Error(`job ${id} stuck at ${job?.stage}: ${JSON.stringify(job?.error)}`));
      setTimeout(check, 25);
    };
    check();
  });
}
export const finished = (job: Job) => ['succeeded', 'failed', 'canceled'].includes(job.stage);

export async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run(toolPath('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}

export async function usageRequests(engine: TestEngine, key = engine.key): Promise<number> {
  const usage = await engine.get('/v1/account/usage?days=1', { key });
  return Number(usage.body.summary.total_requests);
}

export const stagesOf = (h: Harness, id: string) =>
  h.changes
    .filter((j) => j.id === id)
    .map((j) => j.stage)
    .filter((s, i, all) => s !== all[i - 1]);
