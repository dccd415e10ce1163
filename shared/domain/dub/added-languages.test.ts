import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { pendingRequests, runCoverage } from './batch-state';
import { planDubBatch, type DubBatchInput } from './batch-plan';
import type { DubBatchSettings } from './cell-preflight';

const settings: DubBatchSettings = {
  languages: ['es', 'fr'],
  ducking: false,
  lipsync: false,
  exportSrt: true,
  engine: 'remote',
  maxUploadMb: 300,
};
const input = (languages: DubBatchSettings['languages']): DubBatchInput => ({
  videos: [{ path: '/in/clip.mp4', durationSeconds: 60, bytes: 10_000_000, hasVideo: true }],
  scripts: [],
  scriptFacts: [],
  settings: { ...settings, languages },
  account: { discount_factor: 1, balance: 100 },
});
const jobFor = (id: string, fields: Record<string, string>): Job => ({
  id,
  request: { type: 'dubbing', delivery: 'async', fields, files: {}, label: id },
  stage: 'processing',
  createdAt: 0,
  updatedAt: 0,
  attempts: 1,
  files: [],
});

describe('languages added to a started batch', () => {
  const first = planDubBatch(input(['es', 'fr']));
  const runs = { [first.requests[0]!.key]: 'job-1' };
  const jobs = new Map([['job-1', jobFor('job-1', { languages: '["es","fr"]' })]]);

  it('plans only the new languages as a new request; the sent one stays as it was', () => {
    const later = planDubBatch({ ...input(['es', 'fr', 'de']), covered: runCoverage(runs, jobs) });
    const pending = pendingRequests(later, runs);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.languages).toEqual(['de']);
    expect(pending[0]!.key).toBe('/in/clip.mp4#translated+de');
    const [es, fr, de] = later.rows[0]!.cells;
    expect([es!.requestKey, fr!.requestKey]).toEqual([
      '/in/clip.mp4#translated',
      '/in/clip.mp4#translated',
    ]);
    expect(de!.requestKey).toBe('/in/clip.mp4#translated+de');
    // Only the new request is charged by the next Start: one language of 60 s.
    const single = planDubBatch(input(['de']));
    expect(pending[0]!.charge.amount).toBe(single.requests[0]!.charge.amount);
  });

  it('plans nothing new when no language was added', () => {
    const same = planDubBatch({ ...input(['es', 'fr']), covered: runCoverage(runs, jobs) });
    expect(pendingRequests(same, runs)).toEqual([]);
    expect(same.requests.map((r) => r.key)).toEqual(['/in/clip.mp4#translated']);
  });

  it('a run whose job is unknown covers its whole kind: nothing is planned twice', () => {
    const later = planDubBatch({
      ...input(['es', 'fr', 'de']),
      covered: runCoverage(runs, new Map()),
    });
    expect(pendingRequests(later, runs)).toEqual([]);
  });

  it('a third language after the second gets its own request too', () => {
    const second = planDubBatch({ ...input(['es', 'fr', 'de']), covered: runCoverage(runs, jobs) });
    const runs2 = { ...runs, [pendingRequests(second, runs)[0]!.key]: 'job-2' };
    const jobs2 = new Map([...jobs, ['job-2', jobFor('job-2', { languages: '["de"]' })]]);
    const third = planDubBatch({
      ...input(['es', 'fr', 'de', 'it']),
      covered: runCoverage(runs2, jobs2),
    });
    expect(pendingRequests(third, runs2).map((r) => r.languages)).toEqual([['it']]);
  });
});
