import { create } from 'zustand';
import type { ScoreJobKind } from '../../../../shared/domain/project/score-jobs';

interface LandingFailures {
  /** Per button: a finished job whose result could not be landed, and why (in memory only). */
  byKind: Partial<Record<ScoreJobKind, { jobId: string; message: string }>>;
  set: (kind: ScoreJobKind, jobId: string, message: string) => void;
  /** A new attempt of the kind starts: its button forgets the last one. */
  clear: (kind: ScoreJobKind) => void;
}

/**
 * Why a succeeded job did not become a document change (a result without a brief or without an
 * audio file). Failed jobs need no store: main's list says so (use-project-jobs.ts).
 */
export const useLandingFailures = create<LandingFailures>()((set, get) => ({
  byKind: {},
  set: (kind, jobId, message) => set({ byKind: { ...get().byKind, [kind]: { jobId, message } } }),
  clear: (kind) => {
    const { [kind]: _cleared, ...byKind } = get().byKind;
    set({ byKind });
  },
}));
