import { create } from 'zustand';
import type { ScoreJobKind } from '../../../../shared/domain/project/score-jobs';

interface LandingState {
  /**
   * Per button: a finished job whose result could not be landed (a result without a brief or
   * without an audio file), and why. In memory only; failed jobs need no store, main's list
   * says so (use-project-jobs.ts).
   */
  failures: Partial<Record<ScoreJobKind, { jobId: string; message: string }>>;
  /** The project whose job list has been read and landed in this window (the workspace's `data-jobs`). */
  checkedProject: string | null;
  fail: (kind: ScoreJobKind, jobId: string, message: string) => void;
  /** A new attempt of the kind starts: its button forgets the last one. */
  clear: (kind: ScoreJobKind) => void;
}

/** What landing left behind in this window (use-job-outcomes.ts). */
export const useLandingState = create<LandingState>()((set, get) => ({
  failures: {},
  checkedProject: null,
  fail: (kind, jobId, message) =>
    set({ failures: { ...get().failures, [kind]: { jobId, message } } }),
  clear: (kind) => {
    const { [kind]: _cleared, ...failures } = get().failures;
    set({ failures });
  },
}));
