import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job, JobRequest } from '../../../../shared/domain/jobs/job';
import {
  dir,
  engineWith,
  finished,
  probeSeconds,
  runnerFor,
  stagesOf,
  usageRequests,
  useRunnerHarness,
  waitFor,
} from './__tests__/runner-harness';

useRunnerHarness();

const asyncMusic = (duration = 5): JobRequest => ({
  type: 'text_to_music',
  delivery: 'async',
  fields: { prompt: 'calm piano, slow', duration, mode: 'async', output_format: 'wav' },
  files: {},
  label: 'Calm piano',
});
const streamMusic: JobRequest = {
  type: 'text_to_music',
  delivery: 'stream',
  fields: { prompt: 'bright synth pop', duration: 6 },
  files: {},
  label: 'Synth take',
};

describe('JobRunner against the real engine', () => {
  it('runs an async job to succeeded with the result file in the project folder', async () => {
    const engine = await engineWith();
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(asyncMusic(5));
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    expect(stagesOf(h, job.id)).toEqual(
      expect.arrayContaining([
        'queued',
        'submitting',
        'uploading',
        'submitted',
        'downloading',
        'succeeded',
      ]),
    );
    expect(job.taskId).toBeTruthy();
    expect(job.files).toHaveLength(1);
    const file = job.files[0]!;
    expect(file.role).toBe('audio[0]');
    expect(path.dirname(file.path)).toBe(path.join(h.project, `calm-piano-${job.id.slice(0, 8)}`));
    expect(path.extname(file.path)).toBe('.wav');
    expect((await fs.stat(file.path)).size).toBe(file.bytes);
    expect(await probeSeconds(file.path)).toBeCloseTo(5, 0);
    expect(job.result?.status).toBe('succeeded');
    // The ledger on disk has the finished job. Stage changes are written in the background, so
    // wait for pending writes the way shutdown does (dispose flushes the ledger).
    await h.runner.dispose();
    const ledger = JSON.parse(await fs.readFile(path.join(h.dataDir, 'jobs.json'), 'utf8')) as {
      entries: { job: Job }[];
    };
    expect(ledger.entries[0]?.job.stage).toBe('succeeded');
  });

  it('streams a music take: chunks forwarded in order and saved as an .m4a ffprobe can read', async () => {
    const engine = await engineWith();
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(streamMusic);
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    expect(stagesOf(h, job.id)).toEqual([
      'queued',
      'submitting',
      'uploading',
      'streaming',
      'succeeded',
    ]);
    expect(job.files).toHaveLength(1);
    const take = job.files[0]!;
    expect(take.path.endsWith('.m4a')).toBe(true);
    expect(job.title).toBeTruthy();
    const bytes = await fs.readFile(take.path);
    expect(Buffer.concat(h.chunks).equals(bytes)).toBe(true);
    expect(await probeSeconds(take.path)).toBeCloseTo(6, 0);
    expect(job.taskId).toBeUndefined();
  });

  it('cancels a job that is waiting on its task and says the task may still be charged', async () => {
    const engine = await engineWith();
    const h = await runnerFor(engine, engine.key, { pollIntervalMs: 5000 });
    const submitted = await h.runner.submit(asyncMusic(30));
    if (!submitted.ok) throw new Error(submitted.error.message);
    await waitFor(
      h,
      submitted.value.id,
      (j) => j.stage === 'submitted' || j.stage === 'processing',
    );
    const canceled = await h.runner.cancel(submitted.value.id);
    expect(canceled.ok && canceled.value.stage).toBe('canceled');
    expect(canceled.ok && canceled.value.error?.code).toBe('canceled_after_submit');
    expect(await h.runner.cancel(submitted.value.id)).toMatchObject({
      ok: false,
      error: { code: 'not_cancelable' },
    });
    // A retry is a new submission and counts as a second attempt.
    const retried = await h.runner.retry(submitted.value.id);
    expect(retried.ok && retried.value.attempts).toBe(2);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job.stage).toBe('succeeded');
    expect(await usageRequests(engine)).toBe(2);
  });

  it('stops on 402 (trial used up) without retrying or writing any file', async () => {
    const key = 'sk_self_serve_no_trial';
    const engine = await engineWith({
      accounts: [{ key, funded: false, trial: { text_to_music: 1 } }],
    });
    // Spend the one free call first.
    const spent = await engine.post(
      '/v1/text-to-music',
      { prompt: 'x', duration: 5, mode: 'async' },
      undefined,
      { key },
    );
    expect(spent.status).toBe(202);
    await engine.pollTask(spent.body.task_id, { key });
    const h = await runnerFor(engine, key);
    const submitted = await h.runner.submit(asyncMusic(5));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job.stage).toBe('failed');
    expect(job.error).toMatchObject({ kind: 'trial_exhausted', retryable: false });
    expect(job.attempts).toBe(1);
    expect(job.files).toEqual([]);
    expect(stagesOf(h, job.id)).toEqual(['queued', 'submitting', 'uploading', 'failed']);
    await expect(fs.stat(h.project)).rejects.toThrow();
    expect(await usageRequests(engine, key)).toBe(1);
  });

  it('waits out a 429 (Retry-After), posts again and succeeds', async () => {
    const engine = await engineWith({
      faults: {
        forceStatus: [{ path: '/v1/text-to-music', status: 429, retryAfter: 1, times: 1 }],
      },
    });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(asyncMusic(5));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const waiting = await waitFor(
      h,
      submitted.value.id,
      (j) => j.stage === 'queued' && j.waitUntil !== undefined,
    );
    expect(waiting.error).toMatchObject({ kind: 'rate_limited', retryAfter: 1 });
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    const stages = stagesOf(h, job.id);
    expect(stages.slice(0, 7)).toEqual([
      'queued',
      'submitting',
      'uploading',
      'queued',
      'submitting',
      'uploading',
      'submitted',
    ]);
    expect(stages.at(-1)).toBe('succeeded');
    expect(job.attempts).toBe(1);
    expect(await usageRequests(engine)).toBe(1);
  });

  it('resumes polling after a restart mid-poll without posting again', async () => {
    const engine = await engineWith();
    const dataDir = await fs.mkdtemp(path.join(dir, 'restart-'));
    const first = await runnerFor(engine, engine.key, { dataDir, pollIntervalMs: 60_000 });
    const submitted = await first.runner.submit(asyncMusic(20));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const id = submitted.value.id;
    const polling = await waitFor(first, id, (j) => j.stage === 'processing');
    await first.runner.dispose();
    // The app "restarts": a new runner on the same data folder.
    const second = await runnerFor(engine, engine.key, { dataDir });
    const job = await waitFor(second, id, finished);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.taskId).toBe(polling.taskId);
    expect(job.files).toHaveLength(1);
    expect(await probeSeconds(job.files[0]!.path)).toBeCloseTo(20, 0);
    expect(await usageRequests(engine)).toBe(1);
  });

  it('fails an upload cut short by a restart on a service without idempotency, never re-sending it', async () => {
    const dataDir = await fs.mkdtemp(path.join(dir, 'cut-'));
    const now = Date.now();
    const uploading: Job = {
      id: 'cut-job',
      request: asyncMusic(5),
      stage: 'uploading',
      createdAt: now,
      updatedAt: now,
      attempts: 1,
      files: [],
    };
    await fs.writeFile(
      path.join(dataDir, 'jobs.json'),
      JSON.stringify({ version: 1, entries: [{ origin: 'default', job: uploading }] }),
    );
    const engine = await engineWith();
    const h = await runnerFor(engine, engine.key, { dataDir });
    expect(h.runner.get('cut-job')).toMatchObject({
      stage: 'failed',
      error: { code: 'interrupted_submitting' },
    });
    expect(await usageRequests(engine)).toBe(0);
  });

  it('runs at most min(setting, account concurrency_limit) jobs at once', async () => {
    const key = 'sk_one_at_a_time';
    const engine = await engineWith({ accounts: [{ key, concurrencyLimit: 1 }] });
    const h = await runnerFor(engine, key, { concurrency: () => 3 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const submitted = await h.runner.submit(asyncMusic(5));
      if (!submitted.ok) throw new Error(submitted.error.message);
      ids.push(submitted.value.id);
    }
    const jobs = await Promise.all(ids.map((id) => waitFor(h, id, finished)));
    expect(jobs.map((j) => j.stage)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Replay the change stream: never more than one job between uploading and downloading.
    const active = new Map<string, boolean>();
    let most = 0;
    for (const change of h.changes) {
      active.set(
        change.id,
        ['uploading', 'submitted', 'processing', 'downloading'].includes(change.stage),
      );
      most = Math.max(most, [...active.values()].filter(Boolean).length);
    }
    expect(most).toBe(1);
    expect(h.changes.some((j) => j.error?.kind === 'rate_limited')).toBe(false);
  });

  it('fails a job whose task failed, with the task’s code and refund', async () => {
    const engine = await engineWith({
      faults: {
        failTasks: [
          { type: 'text_to_music', code: 'GENERATION_FAILED', message: 'synth crashed', times: 1 },
        ],
      },
    });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(asyncMusic(5));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job).toMatchObject({
      stage: 'failed',
      refunded: true,
      error: { kind: 'task_failed', code: 'GENERATION_FAILED' },
    });
    expect(job.error?.message).toMatch(/synth crashed/);
    expect(job.files).toEqual([]);
  });

  it('resumes a job left downloading: fetches the task again and downloads its files', async () => {
    const engine = await engineWith();
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'harp',
      duration: 5,
      mode: 'async',
    });
    expect(ack.status).toBe(202);
    await engine.pollTask(ack.body.task_id);
    const dataDir = await fs.mkdtemp(path.join(dir, 'downloading-'));
    const now = Date.now();
    const left: Job = {
      id: 'left-downloading',
      request: asyncMusic(5),
      stage: 'downloading',
      taskId: ack.body.task_id,
      createdAt: now,
      updatedAt: now,
      startedAt: now,
      attempts: 1,
      files: [],
      progress: { done: 1234 },
    };
    await fs.writeFile(
      path.join(dataDir, 'jobs.json'),
      JSON.stringify({ version: 1, entries: [{ origin: 'default', job: left }] }),
    );
    const h = await runnerFor(engine, engine.key, { dataDir });
    const job = await waitFor(h, 'left-downloading', finished);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.files).toHaveLength(1);
    expect(path.extname(job.files[0]!.path)).toBe('.m4a');
    expect(await probeSeconds(job.files[0]!.path)).toBeCloseTo(5, 0);
    expect(await usageRequests(engine)).toBe(1);
  });
});
