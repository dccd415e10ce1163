import { promises as fs } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JobRequest } from '../../../../shared/domain/jobs/job';
import {
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

const take: JobRequest = {
  type: 'text_to_music',
  delivery: 'stream',
  fields: { prompt: 'soft ambient pad', duration: 5 },
  files: {},
  label: 'Pad',
};

describe('stream jobs against the engine’s fault switches', () => {
  it('retries a 502 refused stream (bounded) and then saves the take', async () => {
    const engine = await engineWith({
      faults: { forceStatus: [{ path: '/v1/text-to-music', status: 502, times: 2 }] },
    });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(take);
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
    expect(await probeSeconds(job.files[0]!.path)).toBeCloseTo(5, 0);
  });

  it('gives up after two 502 retries', async () => {
    const engine = await engineWith({
      faults: { forceStatus: [{ path: '/v1/text-to-music', status: 502 }] },
    });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(take);
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job).toMatchObject({ stage: 'failed', error: { kind: 'upstream' } });
    expect(await usageRequests(engine)).toBe(0);
  });

  it('fails a stream cut before complete as truncated and keeps no partial file', async () => {
    const engine = await engineWith({ faults: { stream: { afterChunks: 2, kind: 'cut' } } });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(take);
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job).toMatchObject({
      stage: 'failed',
      error: { kind: 'upstream', code: 'truncated_stream' },
    });
    expect(stagesOf(h, job.id)).toEqual([
      'queued',
      'submitting',
      'uploading',
      'streaming',
      'failed',
    ]);
    expect(h.chunks.length).toBe(2);
    const leftovers = await fs.readdir(h.project, { recursive: true }).catch(() => []);
    expect(
      leftovers.filter((f) => String(f).endsWith('.m4a') || String(f).endsWith('.part')),
    ).toEqual([]);
  });

  it('fails on an error event with the event’s code, without posting again', async () => {
    const engine = await engineWith({
      faults: {
        stream: { afterChunks: 1, kind: 'error', code: 'MODAL_DEAD', message: 'worker died' },
      },
    });
    const h = await runnerFor(engine);
    const submitted = await h.runner.submit(take);
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await waitFor(h, submitted.value.id, finished);
    expect(job).toMatchObject({ stage: 'failed', error: { kind: 'upstream', code: 'MODAL_DEAD' } });
    expect(job.error?.message).toMatch(/worker died/);
    expect(job.attempts).toBe(1);
  });
});
