import { create } from 'zustand';
import type { LanguageCode } from '../../../../shared/api/languages';
import type { BatchScriptFile, Runs } from '../../../../shared/domain/dub';
import { SUBTITLE_EXTENSIONS, VIDEO_EXTENSIONS } from '../../../../shared/api/limits';

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
  /** requestKey -> job id: the only record of what ran (states come from the job ledger). */
  runs: Record<string, string>;
  /** The user pressed Start and has not paused: a reopened project carries on. */
  running: boolean;
}

export type PauseReason = 'user' | 'payment' | 'error';

export interface GridCursor {
  row: number;
  col: number;
  /** The other corner of a Shift-extended selection. */
  anchor: { row: number; col: number };
}

interface DubBatchState extends DubBatchDraft {
  cursor: GridCursor;
  /** Cells left out of the run by the user (`video\u0000lang`). */
  excluded: Record<string, true>;
  openCell: { video: string; language: LanguageCode } | null;
  pauseReason: PauseReason | null;
  pauseMessage: string | null;
  /** The last run ended with every request sent and finished. */
  finished: boolean;
  start(): void;
  pause(reason: PauseReason, message?: string): void;
  finish(): void;
  recordRun(requestKey: string, jobId: string): void;
  forgetRuns(requestKeys: readonly string[]): void;
  addPaths(paths: readonly string[]): void;
  assignScript(path: string, video: string, language: LanguageCode): void;
  setLanguages(languages: LanguageCode[]): void;
  setOption(name: 'ducking' | 'lipsync' | 'exportSrt', value: boolean): void;
  setRuns(runs: Runs): void;
  removeVideos(videos: readonly string[]): void;
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

const extensionOf = (path: string) => {
  const name = path.split(/[\\/]/).pop() ?? path;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** Sorts dropped paths into videos, scripts and skipped files (with the reason). */
export function sortPaths(
  paths: readonly string[],
  known: ReadonlySet<string>,
): { videos: string[]; scripts: string[]; skipped: SkippedFile[] } {
  const videos: string[] = [];
  const scripts: string[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set(known);
  for (const path of paths) {
    if (seen.has(path)) {
      skipped.push({ path, reason: 'Already in the batch.' });
      continue;
    }
    seen.add(path);
    const ext = extensionOf(path);
    if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) videos.push(path);
    else if ((SUBTITLE_EXTENSIONS as readonly string[]).includes(ext)) scripts.push(path);
    else
      skipped.push({
        path,
        reason: `Not a video or a script (${ext || 'no extension'}): dubbing takes ${VIDEO_EXTENSIONS.join(' ')} and ${SUBTITLE_EXTENSIONS.join(' ')}.`,
      });
  }
  return { videos, scripts, skipped };
}

export const EMPTY_DRAFT: DubBatchDraft = {
  videos: [],
  scripts: [],
  skipped: [],
  languages: ['es', 'fr'],
  ducking: true,
  lipsync: false,
  exportSrt: true,
  runs: {},
  running: false,
};

const clamp = (value: number, max: number) => Math.max(0, Math.min(max - 1, value));

export const useDubBatch = create<DubBatchState>()((set) => ({
  ...EMPTY_DRAFT,
  cursor: { row: 0, col: 0, anchor: { row: 0, col: 0 } },
  excluded: {},
  openCell: null,
  pauseReason: null,
  pauseMessage: null,
  finished: false,
  start: () => set({ running: true, pauseReason: null, pauseMessage: null, finished: false }),
  pause: (reason, message) =>
    set({ running: false, pauseReason: reason, pauseMessage: message ?? null }),
  finish: () => set({ running: false, pauseReason: null, pauseMessage: null, finished: true }),
  recordRun: (requestKey, jobId) =>
    set((state) => ({ runs: { ...state.runs, [requestKey]: jobId } })),
  forgetRuns: (requestKeys) =>
    set((state) => ({
      runs: Object.fromEntries(
        Object.entries(state.runs).filter(([key]) => !requestKeys.includes(key)),
      ),
    })),
  addPaths: (paths) =>
    set((state) => {
      const known = new Set([...state.videos, ...state.scripts.map((s) => s.path)]);
      const sorted = sortPaths(paths, known);
      return {
        videos: [...state.videos, ...sorted.videos],
        scripts: [...state.scripts, ...sorted.scripts.map((path) => ({ path }))],
        skipped: [...state.skipped, ...sorted.skipped],
      };
    }),
  assignScript: (path, video, language) =>
    set((state) => ({
      scripts: state.scripts.map((s) => (s.path === path ? { path, video, language } : s)),
    })),
  setLanguages: (languages) => set({ languages }),
  setOption: (name, value) => set({ [name]: value }),
  setRuns: (runs) => set({ runs: { ...runs } }),
  removeVideos: (videos) =>
    set((state) => ({
      videos: state.videos.filter((v) => !videos.includes(v)),
      scripts: state.scripts.filter((s) => !s.video || !videos.includes(s.video)),
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
      return { excluded };
    }),
  setExcluded: (keys, value) =>
    set((state) => {
      const excluded = { ...state.excluded };
      for (const key of keys) {
        if (value) excluded[key] = true;
        else delete excluded[key];
      }
      return { excluded };
    }),
  open: (openCell) => set({ openCell }),
  load: (draft) => set({ ...EMPTY_DRAFT, ...draft }),
}));

export function draftOf(state: DubBatchDraft): DubBatchDraft {
  const { videos, scripts, skipped, languages, ducking, lipsync, exportSrt, runs, running } = state;
  return { videos, scripts, skipped, languages, ducking, lipsync, exportSrt, runs, running };
}
