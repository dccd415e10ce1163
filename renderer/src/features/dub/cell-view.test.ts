import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { progressText } from './cell-view';

const now = 1_000_000;

describe('the drawer’s progress line', () => {
  it('says when a running job was last checked, as the Jobs list does', () => {
    const job = { startedAt: now - 75_000, lastPollAt: now - 12_000 } as Job;
    expect(progressText('processing', job, now)).toBe(
      'Dubbing · 1:15 elapsed · last checked 12 s ago',
    );
  });

  it('leaves it out once the job has ended', () => {
    const job = {
      startedAt: now - 75_000,
      finishedAt: now - 5_000,
      lastPollAt: now - 6_000,
    } as Job;
    expect(progressText('succeeded', job, now)).toBe('Done · 1:10 elapsed');
  });
});
