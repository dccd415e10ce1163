import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { TaskJobInput } from '../../../../shared/domain/jobs/task-job';
import type { ScoreJobKind } from '../../../../shared/domain/project/score-jobs';
import { upsertJob } from '../../bridge/jobs-cache';
import { queryKeyFor, useApiMutation } from '../../bridge/query';
import { useLandingState } from './landing-state';
import { useMergeProjectJob } from './use-project-jobs';

/**
 * Submits a workspace job. Main records it against the open project, whose job list
 * (use-project-jobs.ts) is where its result is picked up from, in this window or a later one.
 */
export function useSubmitScoreJob(kind: ScoreJobKind, onStarted?: (job: Job) => void) {
  const client = useQueryClient();
  const mergeProjectJob = useMergeProjectJob();
  const mutation = useApiMutation('jobs:submit', {
    onSuccess: (job: Job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
      mergeProjectJob(job, true);
      onStarted?.(job);
    },
  });
  return {
    submit: (job: TaskJobInput) => {
      useLandingState.getState().clear(kind);
      mutation.mutate(job);
    },
    pending: mutation.isPending,
    error: mutation.error,
  };
}

/** Cancel of a running workspace job. */
export function useCancelJob() {
  const client = useQueryClient();
  const mergeProjectJob = useMergeProjectJob();
  return useApiMutation('jobs:cancel', {
    onSuccess: (job: Job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
      mergeProjectJob(job);
    },
  });
}
