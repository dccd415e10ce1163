import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type PendingKind = 'analyse' | 'music' | 'sfx' | 'both';

export interface PendingJob {
  jobId: string;
  kind: PendingKind;
  projectPath: string;
}

interface PendingState {
  jobs: PendingJob[];
  /** The last failure per kind, in words, until the next attempt. */
  failures: Partial<Record<PendingKind, string>>;
  add: (job: PendingJob) => void;
  settle: (jobId: string, failure?: string) => void;
}

/**
 * Jobs the workspace started and still has to turn into document changes (a brief into lanes,
 * a result into a take). Kept for the tab's life so a reload mid-generation still lands them.
 */
export const usePendingJobs = create<PendingState>()(
  persist(
    (set, get) => ({
      jobs: [],
      failures: {},
      add: (job) => {
        const { [job.kind]: _cleared, ...failures } = get().failures;
        set({ jobs: [...get().jobs.filter((j) => j.jobId !== job.jobId), job], failures });
      },
      settle: (jobId, failure) => {
        const job = get().jobs.find((j) => j.jobId === jobId);
        set({
          jobs: get().jobs.filter((j) => j.jobId !== jobId),
          failures: job && failure ? { ...get().failures, [job.kind]: failure } : get().failures,
        });
      },
    }),
    { name: 'soundstage.score.pending', storage: createJSONStorage(() => sessionStorage) },
  ),
);
