import { cueNumber, type Cue } from '../../../../shared/domain/subtitles/cue';
import {
  insertCueAfter,
  MIN_INSERT_MS,
  setCueTiming,
} from '../../../../shared/domain/subtitles/edits';
import { limitsFor, profileById } from '../../../../shared/domain/subtitles/profiles';
import * as player from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';
import { focusCue, rowCue, stepCue, tableRows } from './cue-focus';
import { actionIds } from './selection';
import { editSubs, subsPart, useSubsView } from './subs-store';
import type { LanguageIssue } from './use-subs-checks';

/** Cues that translate each other share an id and a timing: timing edits apply to each. */
function retimeEverywhere(label: string, id: string, timing: { startMs?: number; endMs?: number }) {
  editSubs(label, (part) => {
    let changed = false;
    const languages: Record<string, Cue[]> = {};
    for (const [language, cues] of Object.entries(part.languages)) {
      const next = setCueTiming(cues, id, timing);
      changed ||= next !== cues;
      languages[language] = next as Cue[];
    }
    return changed ? { ...part, languages } : part;
  });
}

const currentId = () => useSubsView.getState().cueId;
const playhead = () => Math.round(useTransport.getState().playheadMs);

/** F11 / F12: the current cue starts or ends at the playhead (also while typing). */
export function setEdgeAtPlayhead(edge: 'start' | 'end'): void {
  const id = currentId();
  if (!id) return;
  const at = playhead();
  retimeEverywhere(
    edge === 'start' ? 'Start at playhead' : 'End at playhead',
    id,
    edge === 'start' ? { startMs: at } : { endMs: at },
  );
}

/** Shift+F12: end the current cue at the playhead and go on to the next one. */
export function endHereAndNext(): void {
  setEdgeAtPlayhead('end');
  stepCue(1);
}

/** F5: plays the current cue from its start and stops at its end. */
export function playCurrentCue(): void {
  const id = currentId();
  const cue = id ? rowCue(id) : undefined;
  if (!cue) return;
  player.seek(cue.startMs);
  player.play(1);
  const off = player.onPlayhead((ms) => {
    if (ms >= cue.endMs || !useTransport.getState().playing) {
      off();
      if (ms >= cue.endMs) player.stop();
    }
  });
}

/** Insert / Alt+Insert: a new empty cue after (before) the current one, in every language. */
export function insertCue(where: 'after' | 'before'): void {
  const part = subsPart();
  const source = part.shown[0] ?? part.sourceLanguage;
  if (!source) return;
  const list = part.languages[source] ?? [];
  const current = currentId() ?? undefined;
  // Before the current cue is after the one before it (at the very start for the first).
  const after =
    where === 'after' ? current : list[list.findIndex((cue) => cue.id === current) - 1]?.id;
  const taken = new Set(Object.values(part.languages).flatMap((cues) => cues.map((c) => c.id)));
  const gapMs = limitsFor(profileById(part.profile), source).minGapMs;
  const inserted = insertCueAfter(part.languages[source] ?? [], after, taken, { gapMs });
  if (!inserted) {
    const number = cueNumber(part.languages[source] ?? [], after ?? '');
    const where = number > 0 ? `after cue ${number}` : 'before the first cue';
    useSubsView.getState().set({
      notice: `No room for a new cue ${where}: the next one starts too soon. Make a gap of at least ${MIN_INSERT_MS} ms first.`,
    });
    return;
  }
  const { cues, id } = inserted;
  const made = cues.find((cue) => cue.id === id)!;
  editSubs('Insert cue', (current) => {
    const languages: Record<string, Cue[]> = {};
    for (const [language, list] of Object.entries(current.languages)) {
      if (language === source) {
        languages[language] = cues;
        continue;
      }
      const index = after ? list.findIndex((cue) => cue.id === after) : -1;
      languages[language] = [...list.slice(0, index + 1), { ...made }, ...list.slice(index + 1)];
    }
    return { ...current, languages };
  });
  focusCue(id);
}

/** Delete: removes the current cue, or every selected one, in every language (one step). */
export function deleteCurrentCue(): void {
  const ids = actionIds();
  if (ids.length === 0) return;
  const gone = new Set(ids);
  const rows = tableRows();
  const index = rows.findIndex((row) => row.id === ids.at(-1));
  editSubs(ids.length > 1 ? `Delete ${ids.length} cues` : 'Delete cue', (part) => {
    const languages: Record<string, Cue[]> = {};
    for (const [language, cues] of Object.entries(part.languages))
      languages[language] = cues.some((cue) => gone.has(cue.id))
        ? cues.filter((cue) => !gone.has(cue.id))
        : cues;
    return { ...part, languages };
  });
  const next =
    rows.slice(index + 1).find((row) => !gone.has(row.id)) ??
    rows
      .slice(0, index)
      .reverse()
      .find((row) => !gone.has(row.id));
  useSubsView.getState().set({ cueId: next?.id ?? null, selection: [], anchor: null });
}

/** F8 / Shift+F8: the next or previous cue with an issue, in table order. */
export function stepIssue(issues: readonly LanguageIssue[], direction: 1 | -1): void {
  if (issues.length === 0) return;
  const rows = tableRows();
  const order = new Map(rows.map((row, i) => [row.id, i]));
  const flagged = [...new Set(issues.map((issue) => issue.cueId))]
    .filter((id) => order.has(id))
    .sort((a, b) => order.get(a)! - order.get(b)!);
  const at = order.get(currentId() ?? '') ?? (direction > 0 ? -1 : rows.length);
  const target =
    direction > 0
      ? (flagged.find((id) => order.get(id)! > at) ?? flagged[0])
      : ([...flagged].reverse().find((id) => order.get(id)! < at) ?? flagged.at(-1));
  const language = issues.find((issue) => issue.cueId === target)?.language;
  if (target) focusCue(target, language);
}
