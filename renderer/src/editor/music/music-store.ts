import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addSegmentRow,
  DEFAULT_MUSIC_FORM,
  removeSegmentRow,
  type MusicForm,
  type SegmentRow,
} from './music-form';

interface MusicDraftState extends MusicForm {
  set: (patch: Partial<MusicForm>) => void;
  addSegment: () => void;
  updateSegment: (id: string, patch: Partial<Omit<SegmentRow, 'id'>>) => void;
  removeSegment: (id: string) => void;
  reset: () => void;
}

/** The Music form; the draft survives reloads and restarts (localStorage). */
export const useMusicDraft = create<MusicDraftState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_MUSIC_FORM,
      set: (patch) => set(patch),
      addSegment: () =>
        set({ segments: addSegmentRow(get().segments, get().duration), useSegments: true }),
      updateSegment: (id, patch) =>
        set({
          segments: get().segments.map((row) => (row.id === id ? { ...row, ...patch } : row)),
        }),
      removeSegment: (id) => set({ segments: removeSegmentRow(get().segments, id) }),
      reset: () => set(DEFAULT_MUSIC_FORM),
    }),
    {
      name: 'soundstage.music-draft',
      version: 1,
      partialize: ({
        prompt,
        duration,
        useSegments,
        segments,
        delivery,
        outputFormat,
        variants,
        stems,
      }) => ({ prompt, duration, useSegments, segments, delivery, outputFormat, variants, stems }),
    },
  ),
);

interface TakesState {
  /** Job ids of the takes generated in this session, newest first. */
  takeIds: string[];
  /** Where each saved take went, by job id. */
  savedPaths: Record<string, string>;
  addTake: (jobId: string) => void;
  dismissTake: (jobId: string) => void;
  setSaved: (jobId: string, path: string) => void;
}

/** Takes of this session (sessionStorage: kept across reloads of the tab, not across launches). */
export const useTakes = create<TakesState>()(
  persist(
    (set, get) => ({
      takeIds: [],
      savedPaths: {},
      addTake: (jobId) => set({ takeIds: [jobId, ...get().takeIds.filter((id) => id !== jobId)] }),
      dismissTake: (jobId) => set({ takeIds: get().takeIds.filter((id) => id !== jobId) }),
      setSaved: (jobId, path) => set({ savedPaths: { ...get().savedPaths, [jobId]: path } }),
    }),
    { name: 'soundstage.takes', storage: createJSONStorage(() => sessionStorage) },
  ),
);
