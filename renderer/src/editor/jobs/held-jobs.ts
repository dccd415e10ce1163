import { create } from 'zustand';
import { useEffect } from 'react';
import { useApiEvent } from '../../bridge/events';
import { useApiQuery } from '../../bridge/query';
import { useOpenProject } from '../project';

/**
 * Jobs main's Dub queue is holding while paused (Pause, or a 402): queued, never sent. They are
 * not running, so the status strip, the Jobs badge and the Jobs list must not count or time them.
 */
export const useHeldJobs = create<{
  held: ReadonlySet<string>;
  set(ids: readonly string[]): void;
}>()((set) => ({
  held: new Set(),
  set: (ids) => set({ held: new Set(ids) }),
}));

/**
 * Keeps `useHeldJobs` current from main: every queue change, and the queue's state as read with
 * the open project's status (the queue is main's, one for every batch).
 */
export function useHeldJobsSync(enabled: boolean): void {
  const projectPath = useOpenProject((s) => s.project?.path);
  const status = useApiQuery(
    'dub:status',
    { projectPath: projectPath ?? '' },
    { enabled: enabled && !!projectPath },
  );
  const fromStatus = status.data?.queue.held;
  useEffect(() => {
    if (fromStatus) useHeldJobs.getState().set(fromStatus);
  }, [fromStatus]);
  useApiEvent('dub:queueChanged', (queue) => useHeldJobs.getState().set(queue.held));
}
