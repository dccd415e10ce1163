import { describe, expect, it } from 'vitest';
import type { Job, JobStage } from '../../../../shared/domain/jobs/job';
import type { Notice } from '../../../../shared/ipc/channels/notifications';
import { JobNotifier } from './job-notifier';

const job = (id: string, stage: JobStage, type: Job['request']['type'] = 'text_to_music'): Job => ({
  id,
  request: { type, delivery: 'async', fields: {}, files: {}, label: `Job ${id}` },
  stage,
  createdAt: 0,
  updatedAt: 0,
  attempts: 1,
  files: [],
  ...(stage === 'failed'
    ? { error: { kind: 'upstream', code: 'x', message: 'The service failed.', retryable: true } }
    : {}),
});

function setup(batchIds: string[] = []) {
  const emitted: Notice[] = [];
  const shown: Notice[] = [];
  const bars: (number | null)[] = [];
  const notifier = new JobNotifier({
    emit: (notice) => emitted.push(notice),
    display: { setProgress: (f) => bars.push(f), show: (notice) => shown.push(notice) },
    isBatchJob: (j) => batchIds.includes(j.id),
  });
  return { notifier, emitted, shown, bars };
}

describe('JobNotifier', () => {
  it('tells once when a job seen running ends, to the page and the OS alike', () => {
    const { notifier, emitted, shown } = setup();
    notifier.jobChanged(job('a', 'processing'));
    notifier.jobChanged(job('a', 'succeeded'));
    notifier.jobChanged(job('a', 'succeeded'));
    expect(emitted).toEqual([
      {
        id: 'job:a:succeeded',
        title: 'Music ready',
        body: 'Job a finished. Open it in Jobs.',
        tone: 'success',
        target: { screen: 'jobs', jobId: 'a' },
      },
    ]);
    expect(shown).toEqual(emitted);
  });

  it('says what failed and what to do', () => {
    const { notifier, emitted } = setup();
    notifier.jobChanged(job('p', 'queued', 'proofread'));
    notifier.jobChanged(job('p', 'failed', 'proofread'));
    expect(emitted[0]).toMatchObject({ title: 'Proofread failed', tone: 'danger' });
    expect(emitted[0]!.body).toContain('The service failed. Open Jobs to retry it.');
  });

  it('stays quiet for jobs that ended before this run and for batch jobs', () => {
    const { notifier, emitted } = setup(['d']);
    notifier.jobChanged(job('old', 'succeeded'));
    notifier.jobChanged(job('d', 'processing', 'dubbing'));
    notifier.jobChanged(job('d', 'succeeded', 'dubbing'));
    expect(emitted).toEqual([]);
  });

  it('shows the share of ended jobs in the taskbar, with a running batch counted in', () => {
    const { notifier, bars } = setup();
    notifier.jobChanged(job('a', 'processing'));
    notifier.jobChanged(job('b', 'processing'));
    notifier.jobChanged(job('a', 'succeeded'));
    notifier.batchProgress(1, 2);
    notifier.jobChanged(job('b', 'succeeded'));
    notifier.batchProgress(2, 2);
    expect(bars).toEqual([0, 0, 0.5, 0.5, 0.5, null]);
  });
});
