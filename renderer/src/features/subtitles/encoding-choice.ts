import { create } from 'zustand';
import type { SubtitleRead } from '../../../../shared/domain/subtitles/file';
import type { ReadFile } from './import-script';

/**
 * A file whose encoding the detector could not decide, waiting for the user's pick before
 * anything is imported (docs/subtitles.md, "Encodings"). `done` are the files of the same
 * import already read; `rest` the paths still to read once this one is settled.
 */
export interface PendingEncoding {
  path: string;
  read: SubtitleRead;
  done: ReadFile[];
  rest: string[];
  label: string;
  /** A re-read in another encoding is under way. */
  loading: boolean;
  /** Why the last re-read failed, shown beside the chooser. */
  error: string | null;
}

interface EncodingChoiceState {
  pending: PendingEncoding | null;
  set: (pending: PendingEncoding | null) => void;
  patch: (patch: Partial<PendingEncoding>) => void;
}

export const useEncodingChoice = create<EncodingChoiceState>()((set) => ({
  pending: null,
  set: (pending) => set({ pending }),
  patch: (patch) =>
    set((state) => (state.pending ? { pending: { ...state.pending, ...patch } } : state)),
}));
