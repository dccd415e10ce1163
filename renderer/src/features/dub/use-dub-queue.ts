import { useQueryClient } from '@tanstack/react-query';
import type { DubQueueState } from '../../../../shared/ipc/channels/dub';
import { useApiEvent } from '../../bridge/events';
import { queryKeyFor, useApiQuery } from '../../bridge/query';
import { useDubBatch } from './batch-store';

/**
 * main's queue state (paused, why, pacing) and the runs it records, kept current by its pushes:
 * the renderer never decides on its own that a batch is paused or what ran.
 */
export function useDubQueue(): DubQueueState | undefined {
  const client = useQueryClient();
  const projectPath = useDubBatch((s) => s.projectPath);
  const status = useApiQuery(
    'dub:status',
    { projectPath: projectPath ?? '' },
    { enabled: !!projectPath },
  );
  useApiEvent('dub:queueChanged', (queue) => {
    if (!projectPath) return;
    client.setQueryData(queryKeyFor('dub:status', { projectPath }), (old: unknown) => ({
      dub: (old as { dub?: unknown } | undefined)?.dub ?? null,
      queue,
    }));
  });
  useApiEvent('dub:runsChanged', ({ projectPath: path, runs }) => {
    if (path === useDubBatch.getState().projectPath) useDubBatch.getState().setRuns(runs);
  });
  return status.data?.queue;
}
