import { create } from 'zustand';
import type { LanguageCode } from '../../../../shared/api/languages';
import type { BatchScriptFile, Runs } from '../../../../shared/domain/dub';
import { NEW_BATCH_SETTINGS } from '../../../../shared/domain/project/document';

export interface SkippedFile {
  path: string;
  reason: string;
}

/** What the user chose; everything else (facts, plan, cell states) is derived from it. */
export interface DubBatchDraft {
  videos: string[];
  scripts: BatchScriptFile[];
  skipped: SkippedFile[];
  languages: LanguageCode[];
  ducking: boolean;
  lipsync: boolean;
  exportSrt: boolean;
  /** requestKey -> job id, as main wrote it: the only record of what ran (states come from jobs). */
  runs: Record<string, string>;
  /**
   * Cells left out of the run by the user (`video\u0000lang`). Part of the draft, so it is saved
   * with the batch: a reload that forgot it would price and send cells the user left out.
   */
  excluded: Record<string, true>;
}

export interface SortedPaths {
  videos: string[];
  scripts: string[];
  skipped: SkippedFile[];
}

export interface GridCursor {
  row: number;
  col: number;
  /** The other corner of a Shift-extended selection. */
  anchor: { row: number; col: number };
}

interface DubBatchState extends DubBatchDraft {
  cursor: GridCursor;
  openCell: { video: string; language: LanguageCode } | null;
  /** The project that keeps this batch (created on the first add). */
  projectPath: string | null;
  /** Bumped on every change the user makes, so autosave knows there is something to write. */
  revision: number;
  /**
   * Why the last removal (Remove button or Delete) left rows in place, or null. Shared by the
   * button and the key so both say the same thing in the same place.
   */
  rowRefusal: string | null;
  setRowRefusal(refusal: string | null): void;
  addSorted(sorted: SortedPaths): void;
  setProject(path: string | null): void;
  assignScript(path: string, video: string, language: LanguageCode): void;
  setLanguages(languages: LanguageCode[]): void;
  setOption(name: 'ducking' | 'lipsync' | 'exportSrt', value: boolean): void;
  setRuns(runs: Runs): void;
  /** Removes rows, with the scripts assigned or paired (`pairedScripts`) to them. */
  removeVideos(videos: readonly string[], pairedScripts?: readonly string[]): void;
  moveCursor(dRow: number, dCol: number, extend: boolean, rows: number, cols: number): void;
  setCursor(row: number, col: number): void;
  selectAll(rows: number, cols: number): void;
  collapseSelection(): void;
  toggleCells(keys: readonly string[]): void;
  setExcluded(keys: readonly string[], excluded: boolean): void;
  open(cell: DubBatchState['openCell']): void;
  load(draft: Partial<DubBatchDraft>): void;
}

export const cellKey = (video: string, language: string) => `${video}\u0000${language}`;

export const EMPTY_DRAFT: DubBatchDraft = {
  videos: [],
  scripts: [],
  skipped: [],
  ...NEW_BATCH_SETTINGS,
  languages: [...NEW_BATCH_SETTINGS.languages],
  runs: {},
  excluded: {},
};

const clamp = (value: number, max: number) => Math.max(0, Math.min(max - 1, value));

export const useDubBatch = create<DubBatchState>()((set) => ({
  ...EMPTY_DRAFT,
  cursor: { row: 0, col: 0, anchor: { row: 0, col: 0 } },
  openCell: null,
  projectPath: null,
  revision: 0,
  rowRefusal: null,
  setRowRefusal: (rowRefusal) => set({ rowRefusal }),
  setProject: (projectPath) => set({ projectPath }),
  addSorted: (sorted) =>
    set((state) => {
      const known = new Set([...state.videos, ...state.scripts.map((s) => s.path)]);
      const fresh = (path: string) => !known.has(path);
      const dupes = [...sorted.videos, ...sorted.scripts].filter((path) => !fresh(path));
      return {
        videos: [...state.videos, ...sorted.videos.filter(fresh)],
        scripts: [...state.scripts, ...sorted.scripts.filter(fresh).map((path) => ({ path }))],
        skipped: [
          ...state.skipped,
          ...sorted.skipped,
          ...dupes.map((path) => ({ path, reason: 'Already in the batch.' })),
        ],
        revision: state.revision + 1,
      };
    }),
  assignScript: (path, video, language) =>
    set((state) => ({
      revision: state.revision + 1,
      scripts: state.scripts.map((s) => (s.path === path ? { path, video, language } : s)),
    })),
  setLanguages: (languages) => set((state) => ({ languages, revision: state.revision + 1 })),
  setOption: (name, value) => set((state) => ({ [name]: value, revision: state.revision + 1 })),
  setRuns: (runs) => set({ runs: { ...runs } }),
  removeVideos: (videos, pairedScripts = []) =>
    set((state) => ({
      revision: state.revision + 1,
      videos: state.videos.filter((v) => !videos.includes(v)),
      scripts: state.scripts.filter(
        (s) => !(s.video && videos.includes(s.video)) && !pairedScripts.includes(s.path),
      ),
      openCell: state.openCell && videos.includes(state.openCell.video) ? null : state.openCell,
    })),
  moveCursor: (dRow, dCol, extend, rows, cols) =>
    set(({ cursor }) => {
      const row = clamp(cursor.row + dRow, rows);
      const col = clamp(cursor.col + dCol, cols);
      return { cursor: { row, col, anchor: extend ? cursor.anchor : { row, col } } };
    }),
  setCursor: (row, col) => set({ cursor: { row, col, anchor: { row, col } } }),
  selectAll: (rows, cols) =>
    set({
      cursor: {
        row: Math.max(0, rows - 1),
        col: Math.max(0, cols - 1),
        anchor: { row: 0, col: 0 },
      },
    }),
  collapseSelection: () =>
    set(({ cursor }) => ({ cursor: { ...cursor, anchor: { row: cursor.row, col: cursor.col } } })),
  toggleCells: (keys) =>
    set((state) => {
      const excluded = { ...state.excluded };
      const allExcluded = keys.every((key) => excluded[key]);
      for (const key of keys) {
        if (allExcluded) delete excluded[key];
        else excluded[key] = true;
      }
      return { excluded, revision: state.revision + 1 };
    }),
  setExcluded: (keys, value) =>
    set((state) => {
      const excluded = { ...state.excluded };
      for (const key of keys) {
        if (value) excluded[key] = true;
        else delete excluded[key];
      }
      return { excluded, revision: state.revision + 1 };
    }),
  open: (openCell) => set({ openCell }),
  load: (draft) => set({ ...EMPTY_DRAFT, ...draft, openCell: null, rowRefusal: null }),
}));

export function draftOf(state: DubBatchDraft): DubBatchDraft {
  const { videos, scripts, skipped, languages, ducking, lipsync, exportSrt, runs, excluded } =
    state;
  return { videos, scripts, skipped, languages, ducking, lipsync, exportSrt, runs, excluded };
}
