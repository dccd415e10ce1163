import { useEffect } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { PromptLane } from '../../../../shared/domain/project/document';
import { useApiQuery } from '../../bridge/query';
import { audioFileOf, takeTitle } from '../../editor/music/take-view';
import { applyBrief } from './brief-choice';
import { newId } from './lane-edits';
import { usePendingJobs, type PendingJob } from './pending-jobs';
import { useScoreStore } from './score-store';
import { addTake } from './take-edits';

const LANE_OF: Record<Exclude<PendingJob['kind'], 'analyse'>, PromptLane> = {
  music: 'music',
  sfx: 'sfx',
  // video-to-sound is one combined track: it is heard (and A/B'd) on the music lane.
  both: 'music',
};

function applyTake(job: Job, kind: Exclude<PendingJob['kind'], 'analyse'>): string | undefined {
  const file = audioFileOf(job);
  if (!file) return 'The generation finished without an audio file; open it from Jobs.';
  addTake({
    id: newId(),
    lane: LANE_OF[kind],
    jobId: job.id,
    path: file.path,
    label: kind === 'both' ? `Music + SFX: ${takeTitle(job)}` : takeTitle(job),
    createdAt: job.finishedAt ?? Date.now(),
    offsetMs: 0,
  });
  return undefined;
}

/**
 * Watches the jobs this workspace started and lands each finished one in the open document;
 * a failure is kept in words for the button that started it.
 */
export function useJobOutcomes(): void {
  const pending = usePendingJobs((s) => s.jobs);
  const settle = usePendingJobs((s) => s.settle);
  const projectPath = useScoreStore((s) => s.project?.path);
  const jobs = useApiQuery('jobs:list', {}, { enabled: pending.length > 0 });

  useEffect(() => {
    for (const entry of pending) {
      if (entry.projectPath !== projectPath) continue;
      const job = jobs.data?.find((j) => j.id === entry.jobId);
      if (!job) continue;
      if (job.stage === 'succeeded') {
        settle(
          entry.jobId,
          entry.kind === 'analyse'
            ? applyBrief(job.result, 0, 'Apply brief')
            : applyTake(job, entry.kind),
        );
      } else if (job.stage === 'failed') {
        settle(entry.jobId, job.error?.message ?? 'The job failed.');
      } else if (job.stage === 'canceled') {
        settle(entry.jobId);
      }
    }
  }, [pending, jobs.data, projectPath, settle]);
}

/** The job of a kind still running for the open project (for progress and Cancel). */
export function usePendingJob(kind: PendingJob['kind']): Job | undefined {
  const projectPath = useScoreStore((s) => s.project?.path);
  const entry = usePendingJobs((s) =>
    s.jobs.find((j) => j.kind === kind && j.projectPath === projectPath),
  );
  const jobs = useApiQuery('jobs:list', {}, { enabled: !!entry });
  return entry ? jobs.data?.find((job) => job.id === entry.jobId) : undefined;
}
