import { useQueryClient } from '@tanstack/react-query';
import type { Job, JobRequest } from '../../../../shared/domain/jobs/job';
import { upsertJob } from '../../bridge/jobs-cache';
import { queryKeyFor, useApiMutation } from '../../bridge/query';
import { usePendingJobs, type PendingKind } from './pending-jobs';
import { useScoreStore } from './score-store';

/** Submits a workspace job and remembers it so its result lands in the open project. */
export function useSubmitScoreJob(kind: PendingKind, onStarted?: (job: Job) => void) {
  const client = useQueryClient();
  const add = usePendingJobs((s) => s.add);
  const mutation = useApiMutation('jobs:submit', {
    onSuccess: (job: Job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
      const projectPath = useScoreStore.getState().project?.path;
      if (projectPath) add({ jobId: job.id, kind, projectPath });
      onStarted?.(job);
    },
  });
  return {
    submit: (request: JobRequest) => mutation.mutate(request),
    pending: mutation.isPending,
    error: mutation.error,
  };
}

/** Cancel of a running workspace job. */
export function useCancelJob() {
  const client = useQueryClient();
  return useApiMutation('jobs:cancel', {
    onSuccess: (job: Job) =>
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job)),
  });
}
