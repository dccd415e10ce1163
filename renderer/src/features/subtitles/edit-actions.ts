import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { setCueTiming } from '../../../../shared/domain/subtitles/edits';
import {
  convertFrameRate,
  shiftCues,
  twoPointSync,
  type FrameRate,
  type SyncPoint,
} from '../../../../shared/domain/subtitles/retime';
import {
  mergeCues,
  nextId,
  splitCue,
  type EditResult,
} from '../../../../shared/domain/subtitles/split-merge';
import { useTransport } from '../../editor/media/transport-store';
import { rowCue, tableRows } from './cue-focus';
import { actionIds } from './selection';
import { editSubs, subsPart, useSubsView } from './subs-store';

/**
 * Split, merge, typed times and shifts as undoable steps (docs/subtitles.md): each runs a pure
 * edit from shared/domain/subtitles over every language and records the result as one step, or
 * shows why it was refused and changes nothing.
 */

type Languages = Record<string, Cue[]>;

/** Records `result` as one step, or shows its refusal; true when it was applied. */
function apply(label: string, result: EditResult<{ languages: Languages }>): boolean {
  const view = useSubsView.getState();
  if (!result.ok) {
    view.set({ notice: result.message });
    return false;
  }
  editSubs(label, (part) => ({ ...part, languages: result.languages }));
  view.set({ notice: null });
  return true;
}

/** Where the caret last was in a cue's text field (the split button takes focus from it). */
let lastCaret: { cueId: string; language: string; caret: number } | null = null;

export function rememberCaret(cueId: string, language: string, caret: number): void {
  lastCaret = { cueId, language, caret };
}

/** The caret of the focused text field when it is `cueId`'s (a split by key while typing). */
function caretIn(element: Element | null, cueId: string) {
  if (!(element instanceof HTMLTextAreaElement) || element.dataset['cueId'] !== cueId) return null;
  if (element.dataset['testid'] !== 'cue-text') return null;
  return { language: element.dataset['lang'] ?? '', caret: element.selectionStart };
}

/** Ctrl+Alt+V / `cue-split`: the current cue at the caret, in every language. */
export function splitCurrent(): void {
  const { cueId, language } = useSubsView.getState();
  if (!cueId) return;
  const caret =
    caretIn(document.activeElement, cueId) ?? (lastCaret?.cueId === cueId ? lastCaret : null);
  const result = splitCue(subsPart().languages, cueId, {
    language: caret?.language ?? language ?? undefined,
    caret: caret?.caret,
  });
  if (apply('Split cue', result)) useSubsView.getState().set({ selection: [] });
}

/** Ctrl+Shift+M / `cue-merge`: the selected run, or the current cue with the next one. */
export function mergeCurrent(): void {
  const ids = actionIds();
  if (ids.length === 1) {
    const next = nextId(tableRows(), ids[0]!);
    if (!next) {
      useSubsView.getState().set({ notice: 'The last cue has no next cue to merge with.' });
      return;
    }
    ids.push(next);
  }
  if (ids.length < 2) return;
  const label = ids.length > 2 ? `Merge ${ids.length} cues` : 'Merge with next';
  if (apply(label, mergeCues(subsPart().languages, ids)))
    useSubsView.getState().set({ selection: [], cueId: ids[0]! });
}

/** A typed start or end (already checked): one step, in every language. */
export function setTypedTime(id: string, edge: 'start' | 'end', ms: number): void {
  editSubs(edge === 'start' ? 'Type start time' : 'Type end time', (part) => {
    let changed = false;
    const languages: Languages = {};
    for (const [code, cues] of Object.entries(part.languages)) {
      const next = setCueTiming(cues, id, edge === 'start' ? { startMs: ms } : { endMs: ms });
      changed ||= next !== cues;
      languages[code] = next as Cue[];
    }
    return changed ? { ...part, languages } : part;
  });
}

export type ShiftScope = 'all' | 'selected';

const scopeIds = (scope: ShiftScope) => (scope === 'selected' ? new Set(actionIds()) : null);

/** Moves all or the selected cues by `deltaMs`. */
export function shiftBy(deltaMs: number, scope: ShiftScope): boolean {
  const label = `Shift ${scope === 'all' ? 'all cues' : 'selected cues'} by ${deltaMs} ms`;
  return apply(label, shiftCues(subsPart().languages, scopeIds(scope), deltaMs));
}

/** Shifts so the current (or first selected) cue starts at the playhead. */
export function shiftToPlayhead(scope: ShiftScope): boolean {
  const id = actionIds()[0];
  const cue = id ? rowCue(id) : undefined;
  if (!cue) {
    useSubsView.getState().set({ notice: 'Choose the cue that should start at the playhead.' });
    return false;
  }
  const delta = Math.round(useTransport.getState().playheadMs) - cue.startMs;
  const label = 'Shift to the playhead';
  return apply(label, shiftCues(subsPart().languages, scopeIds(scope), delta));
}

export function syncTwoPoints(a: SyncPoint, b: SyncPoint): boolean {
  return apply('Two-point sync', twoPointSync(subsPart().languages, a, b));
}

export function changeFrameRate(from: FrameRate, to: FrameRate): boolean {
  return apply(`Frame rate ${from} → ${to}`, convertFrameRate(subsPart().languages, from, to));
}
