import { create } from 'zustand';

/**
 * Words typed into a finished cell's lines before they are re-dubbed, keyed by the cell's
 * identity (video + language) and the cue id. Kept apart from the batch store: a draft is not
 * part of the batch document, and the re-dubs themselves live in main (dub:lineEdits).
 */
interface LineDrafts {
  drafts: Record<string, Record<string, string>>;
  /** A request to play [startMs, endMs) of a cell's dub (the drawer's preview answers it). */
  play: { cell: string; startMs: number; endMs: number; seq: number } | null;
  setDraft(cell: string, cueId: string, text: string): void;
  clearDraft(cell: string, cueId: string): void;
  playLine(cell: string, startMs: number, endMs: number): void;
}

export const cellKey = (video: string, language: string): string => `${video}\u0000${language}`;

export const useLineDrafts = create<LineDrafts>((set) => ({
  drafts: {},
  play: null,
  setDraft: (cell, cueId, text) =>
    set((s) => ({ drafts: { ...s.drafts, [cell]: { ...s.drafts[cell], [cueId]: text } } })),
  clearDraft: (cell, cueId) =>
    set((s) => {
      const rest = { ...s.drafts[cell] };
      delete rest[cueId];
      return { drafts: { ...s.drafts, [cell]: rest } };
    }),
  playLine: (cell, startMs, endMs) =>
    set((s) => ({ play: { cell, startMs, endMs, seq: (s.play?.seq ?? 0) + 1 } })),
}));
