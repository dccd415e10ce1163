import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../shared/domain/jobs/job';
import { removeJob, upsertJob } from '../../bridge/jobs-cache';
import { queryKeyFor, useApiMutation } from '../../bridge/query';

/** Cancel, retry and remove, each writing its answer into the cached job list at once. */
export function useJobActions(id: string) {
  const client = useQueryClient();
  const key = queryKeyFor('jobs:list');
  const merge = (job: Job) => client.setQueryData<Job[]>(key, (list) => upsertJob(list, job));
  const cancel = useApiMutation('jobs:cancel', { onSuccess: merge });
  const retry = useApiMutation('jobs:retry', { onSuccess: merge });
  const remove = useApiMutation('jobs:remove', {
    onSuccess: ({ removed }) => {
      if (removed) client.setQueryData<Job[]>(key, (list) => removeJob(list, id));
    },
  });
  const open = useApiMutation('files:open');
  const reveal = useApiMutation('files:reveal');
  return {
    cancel: () => cancel.mutate({ id }),
    retry: () => retry.mutate({ id }),
    remove: () => remove.mutate({ id }),
    open: (path: string) => open.mutate({ path }),
    reveal: (path: string) => reveal.mutate({ path }),
    /** A file the host could not open or show itself (e.g. browser mode): its path is shown instead. */
    notShown:
      (open.data && !open.data.opened ? open.variables?.path : undefined) ??
      (reveal.data && !reveal.data.shown ? reveal.variables?.path : undefined),
    pending: { cancel: cancel.isPending, retry: retry.isPending, remove: remove.isPending },
    error: cancel.error ?? retry.error ?? remove.error ?? open.error ?? reveal.error,
  };
}
