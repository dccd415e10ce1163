import { describe, expect, it } from 'vitest';
import { quantizeUsd } from '../../api/billing-rates';
import type { Job } from '../jobs/job';
import { planDubBatch } from './batch-plan';
import { failedRetry } from './retry-failed';

const plan = planDubBatch({
  videos: ['/in/a.mp4', '/in/b.mp4', '/in/c.mp4'].map((path) => ({
    path,
    durationSeconds: 30,
    bytes: 1000,
    hasVideo: true,
  })),
  scripts: [],
  scriptFacts: [],
  settings: {
    languages: ['es', 'fr'],
    ducking: true,
    lipsync: false,
    exportSrt: false,
    engine: 'remote',
    maxUploadMb: 300,
  },
  account: { discount_factor: 1, balance: 100 },
});

describe('Retry failed', () => {
  it('counts each failed request once and prices it as the drawer does', () => {
    const [a, b, c] = plan.requests;
    const runs = { [a!.key]: 'j1', [b!.key]: 'j2', [c!.key]: 'j3' };
    const jobs = new Map<string, Job>([
      ['j1', { id: 'j1', stage: 'failed' } as Job],
      ['j2', { id: 'j2', stage: 'succeeded' } as Job],
      ['j3', { id: 'j3', stage: 'failed' } as Job],
    ]);
    const retry = failedRetry(plan, jobs, runs);
    // Two languages ride in each request: the request is retried (and charged) once.
    expect(retry.requestKeys).toEqual([a!.key, c!.key]);
    expect(retry.amount).toBe(quantizeUsd(a!.charge.amount + c!.charge.amount));
    expect(retry.amount).toBeGreaterThan(0);
  });

  it('offers nothing when nothing failed', () => {
    expect(failedRetry(plan, new Map(), {})).toEqual({ requestKeys: [], amount: 0 });
  });
});
