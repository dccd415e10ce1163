import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import {
  canCancel,
  canRetry,
  elapsedMs,
  isRunning,
  jobsSummary,
  mayBeCharged,
  progressOf,
  taskLabel,
} from './job-view';

const job = (patch: Partial<Job>): Job => ({
  id: 'j1',
  request: { type: 'text_to_music', delivery: 'async', fields: {}, files: {}, label: 'x' },
  stage: 'queued',
  createdAt: 1_000,
  updatedAt: 1_000,
  attempts: 0,
  files: [],
  ...patch,
});

describe('job view', () => {
  it('describes byte progress and unknown totals', () => {
    expect(
      progressOf(job({ stage: 'uploading', progress: { done: 512, total: 2048 } }), 0),
    ).toEqual({ fraction: 0.25, text: '512 B of 2.0 KB sent' });
    expect(progressOf(job({ stage: 'streaming', progress: { done: 3 * 1024 * 1024 } }), 0)).toEqual(
      { text: '3.0 MB received' },
    );
    expect(progressOf(job({ stage: 'processing' }), 0)).toEqual({
      text: 'Processing on the service',
    });
    expect(progressOf(job({ stage: 'succeeded' }), 0)).toBeUndefined();
  });
  it('counts down a rate-limit wait', () => {
    expect(progressOf(job({ stage: 'queued', waitUntil: 13_000 }), 1_000)?.text).toBe(
      'Waiting for the rate limit · retry in 12 s',
    );
  });
  it('measures elapsed time and allowed actions', () => {
    expect(elapsedMs(job({ stage: 'processing', startedAt: 2_000 }), 7_000)).toBe(5_000);
    expect(elapsedMs(job({ stage: 'failed', startedAt: 2_000, finishedAt: 4_000 }), 9_000)).toBe(
      2_000,
    );
    expect(canCancel(job({ stage: 'processing' }))).toBe(true);
    expect(canRetry(job({ stage: 'processing' }))).toBe(false);
    expect(canRetry(job({ stage: 'canceled' }))).toBe(true);
    expect(mayBeCharged(job({ stage: 'queued' }))).toBe(false);
    expect(mayBeCharged(job({ stage: 'processing', taskId: 't' }))).toBe(true);
    expect(taskLabel('text_to_sfx')).toBe('Text to sound effects');
  });
});

describe('jobs held by a paused Dub batch', () => {
  const held = new Set(['j1']);

  it('are paused, not running: no bar, and not counted as running', () => {
    const queued = job({ stage: 'queued' });
    expect(progressOf(queued, 0, held)).toMatchObject({ paused: true, text: /^Paused/ });
    expect(progressOf(queued, 0)?.text).toBe('Waiting for a free slot');
    expect(isRunning(queued, held)).toBe(false);
    expect(isRunning(queued, new Set())).toBe(true);
    // A held id that has left the queue (sent before the pause) is under way again.
    expect(isRunning(job({ stage: 'processing' }), held)).toBe(true);
  });

  it('are named apart from running ones in the status strip', () => {
    expect(jobsSummary(2, 0)).toBe('2 running');
    expect(jobsSummary(2, 3)).toBe('2 running · 3 paused');
    expect(jobsSummary(0, 3)).toBe('3 paused');
    expect(jobsSummary(0, 0)).toBe('Idle');
  });
});
