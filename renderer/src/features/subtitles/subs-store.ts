import { create } from 'zustand';
import {
  EMPTY_SUBTITLES,
  type SubtitlesPart,
} from '../../../../shared/domain/project/subtitles-part';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import type { SubtitleEncoding } from '../../../../shared/domain/subtitles/file';
import type { TimeFormat } from '../../../../shared/domain/subtitles/timecode';
import { createUndoableStore } from '../../editor/history';
import { registerPart, useOpenProject } from '../../editor/project/open-project-store';

/** Undo keeps at least this many steps (docs/editing.md). */
export const SUBS_UNDO_LIMIT = 200;

/**
 * The script being edited: the project document's `subtitles` part under undo, so every edit
 * (typing coalesced per cell, a region drag as one step, a fix, a replace-all) can be undone.
 */
export const subsDocument = createUndoableStore<SubtitlesPart>(EMPTY_SUBTITLES, {
  limit: SUBS_UNDO_LIMIT,
});

export const subsPart = (): SubtitlesPart => subsDocument.getState().history.present;

// The open project (editor/project) loads this part into the editor and reads it back to save.
registerPart({
  key: 'subtitles',
  read: () => {
    const present = subsPart();
    return present === EMPTY_SUBTITLES ? undefined : present;
  },
  load: (document) => subsDocument.getState().reset(document.subtitles ?? EMPTY_SUBTITLES),
  subscribe: (onChange) =>
    subsDocument.subscribe((state, previous) => {
      if (state.history.present !== previous.history.present) onChange();
    }),
});

/** A read-only project (another window holds it, or a newer file) takes no edits. */
const readOnly = (): boolean => useOpenProject.getState().project?.readOnly ?? false;

/** One undoable change; returns nothing when `change` gives back the same part. */
export function editSubs(
  label: string,
  change: (part: SubtitlesPart) => SubtitlesPart,
  coalesceKey?: string,
): void {
  if (readOnly()) return;
  const state = subsDocument.getState();
  const next = change(state.history.present);
  if (next === state.history.present) return;
  state.record(next, coalesceKey ? { label, coalesceKey } : { label });
}

/** Changes one language's cues (the same array back means no step). */
export function editLanguage(
  label: string,
  language: string,
  change: (cues: readonly Cue[]) => readonly Cue[],
  coalesceKey?: string,
): void {
  editSubs(
    label,
    (part) => {
      const cues = part.languages[language];
      if (!cues) return part;
      const next = change(cues);
      return next === cues
        ? part
        : { ...part, languages: { ...part.languages, [language]: [...next] } };
    },
    coalesceKey,
  );
}

export interface LastImport {
  name: string;
  encoding: SubtitleEncoding;
  /** Repairs and warnings the reader reported, as sentences. */
  notes: string[];
  /** Dropped files that were not subtitles or the video, named so the user knows. */
  skipped?: string;
  /** Languages the import read again, whose earlier cues it replaced. */
  replaced?: string;
}

export interface ImportFailure {
  name: string;
  message: string;
  line?: number;
}

interface SubsViewState {
  /** The cue the keys act on (selected row or region). */
  cueId: string | null;
  /** The language of the focused text cell (F11/F12 and Enter act on it). */
  language: string | null;
  lastImport: LastImport | null;
  failure: ImportFailure | null;
  busy: string | null;
  /** Which side tool is open. */
  tool: 'qc' | 'find' | 'glossary';
  /** Bumped to ask the find field for focus (Ctrl+F / Ctrl+H). */
  findFocus: number;
  /** Which find field Ctrl+F (find) or Ctrl+H (replace) focuses. */
  findField: 'find' | 'replace';
  /** Bumped by F3 / Shift+F3 to step the find panel's current match. */
  findStep: { count: number; direction: 1 | -1 };
  /** Rows picked with Shift/Ctrl-click or Shift+arrows, in no order; empty: only `cueId`. */
  selection: readonly string[];
  /** Where a Shift-click or Shift+arrow range starts. */
  anchor: string | null;
  /** How cue times are typed and shown: `h:mm:ss,mmm` or frames (a setting, kept locally). */
  timeFormat: TimeFormat;
  /** Which form is open above the table (shift and sync). */
  form: 'shift' | null;
  /** The language drawn over the picture, when picked (else the first shown). */
  overlayLanguage: string | null;
  /** The "Go to cue" field (Ctrl+G) is open above the table. */
  goTo: boolean;
  /** Why the last split, merge or shift was refused (shown beside the cue buttons). */
  notice: string | null;
  set: (patch: Partial<Omit<SubsViewState, 'set'>>) => void;
}

const TIME_FORMAT_KEY = 'soundstage.subtitles.timeFormat';

function savedTimeFormat(): TimeFormat {
  try {
    return globalThis.localStorage?.getItem(TIME_FORMAT_KEY) === 'frames' ? 'frames' : 'ms';
  } catch {
    return 'ms';
  }
}

function saveTimeFormat(format: TimeFormat): void {
  try {
    globalThis.localStorage?.setItem(TIME_FORMAT_KEY, format);
  } catch {
    // A storage refusal (private mode) only loses the preference.
  }
}

/** Where the editor is and what the last import said: view state, never an undo step. */
export const useSubsView = create<SubsViewState>()((set) => ({
  cueId: null,
  language: null,
  lastImport: null,
  failure: null,
  busy: null,
  tool: 'qc',
  findFocus: 0,
  findField: 'find',
  findStep: { count: 0, direction: 1 },
  selection: [],
  anchor: null,
  timeFormat: savedTimeFormat(),
  form: null,
  overlayLanguage: null,
  goTo: false,
  notice: null,
  set: (patch) => {
    if (patch.timeFormat) saveTimeFormat(patch.timeFormat);
    set(patch);
  },
}));
