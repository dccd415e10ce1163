import type { Cue } from './cue';
import { newCueId } from './cue';

/**
 * Split and merge across every language at once (docs/subtitles.md, "Split and merge"). Cues
 * that translate each other share an id, so a split or merge made in one language is made in
 * each, keeping the rows aligned. Pure: the editor records the result as one undo step.
 */

export type Languages = Readonly<Record<string, readonly Cue[]>>;

export type EditResult<T> = ({ ok: true } & T) | { ok: false; message: string };

/** Below this a cue is too short to cut into two cues a player can show. */
export const MIN_SPLIT_MS = 2;

/** The whitespace position nearest `at` in `text`, or `at` itself when the text has none (CJK). */
function nearestBoundary(text: string, at: number): number {
  let best = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (!/\s/.test(text[i]!)) continue;
    if (best < 0 || Math.abs(i - at) < Math.abs(best - at)) best = i;
  }
  return best < 0 ? Math.round(at) : best;
}

/** Text before and after `at`, each trimmed (the line break or space at the cut goes). */
function cutText(text: string, at: number): [string, string] {
  return [text.slice(0, at).trim(), text.slice(at).trim()];
}

export interface SplitOptions {
  /** The language whose text field holds the caret. */
  language?: string;
  /** Caret offset in that language's text; absent: the word boundary nearest the middle. */
  caret?: number;
}

/**
 * Splits cue `id` into two contiguous cues over its original range, in every language that has
 * it. The focused language is cut at the caret; the others at the word boundary nearest the
 * same proportion of their text. Time is cut at that proportion too (the middle when the caret
 * sits at an edge), so each half keeps about the reading time its text needs. The second half
 * gets a fresh id (`c7` -> `c7.1`) shared by every language.
 */
export function splitCue(
  languages: Languages,
  id: string,
  { language, caret }: SplitOptions = {},
): EditResult<{ languages: Record<string, Cue[]>; newId: string }> {
  const focused = (language && languages[language]?.find((c) => c.id === id)) || undefined;
  const any =
    focused ?? Object.values(languages).flatMap((cues) => cues.filter((c) => c.id === id))[0];
  if (!any) return { ok: false, message: 'Choose a cue to split first.' };
  if (any.endMs - any.startMs < MIN_SPLIT_MS)
    return {
      ok: false,
      message: 'This cue is too short to split. Fix its start and end times first.',
    };
  const text = focused?.text ?? any.text;
  const at =
    caret === undefined || caret < 0 || caret > text.length
      ? nearestBoundary(text, text.length / 2)
      : caret;
  const ratio = text.length > 0 && at > 0 && at < text.length ? at / text.length : 0.5;
  const cutMs = Math.round(any.startMs + (any.endMs - any.startMs) * ratio);
  // Only ids derived from this one can clash with the new id; collecting just those keeps a split
  // of a 5,000-cue script well inside a frame (docs/subtitles.md, "Speed").
  const prefix = `${id}.`;
  const taken = new Set<string>();
  for (const cues of Object.values(languages))
    for (const cue of cues) if (cue.id.startsWith(prefix)) taken.add(cue.id);
  const newId = newCueId(id, taken);
  const out: Record<string, Cue[]> = {};
  for (const [code, cues] of Object.entries(languages)) {
    const index = cues.findIndex((c) => c.id === id);
    const cue = cues[index];
    if (!cue) {
      out[code] = cues as Cue[];
      continue;
    }
    const cutAt =
      cue === focused ? at : nearestBoundary(cue.text, Math.round(cue.text.length * ratio));
    const [left, right] = cutText(cue.text, cutAt);
    const copy = cues.slice();
    copy.splice(
      index,
      1,
      { ...cue, endMs: cutMs, text: left },
      { id: newId, startMs: cutMs, endMs: cue.endMs, text: right },
    );
    out[code] = copy;
  }
  return { ok: true, languages: out, newId };
}

/**
 * Merges the cues `ids` (consecutive rows, in row order) into the first: from the first start
 * to the last end, texts joined by a line break, in every language. A language that lacks the
 * first cue but has a later one gives that cue the first id, so the row stays aligned.
 */
export function mergeCues(
  languages: Languages,
  ids: readonly string[],
): EditResult<{ languages: Record<string, Cue[]> }> {
  if (ids.length < 2)
    return { ok: false, message: 'Choose two or more cues next to each other to merge.' };
  const wanted = new Set(ids);
  const runs: [string, number, Cue[]][] = [];
  let startMs = Infinity;
  let endMs = -Infinity;
  for (const [code, cues] of Object.entries(languages)) {
    const positions: number[] = [];
    for (let i = 0; i < cues.length; i += 1) if (wanted.has(cues[i]!.id)) positions.push(i);
    if (positions.length === 0) continue;
    const first = positions[0]!;
    const last = positions.at(-1)!;
    if (last - first + 1 !== positions.length)
      return {
        ok: false,
        message: 'Only cues next to each other can be merged. Select a run of neighbouring rows.',
      };
    const group = cues.slice(first, last + 1);
    for (const c of group) {
      startMs = Math.min(startMs, c.startMs);
      endMs = Math.max(endMs, c.endMs);
    }
    runs.push([code, first, group]);
  }
  const merged = runs.some(([, , group]) => group.length > 1);
  if (!merged) return { ok: false, message: 'There is no next cue to merge with.' };
  const out: Record<string, Cue[]> = { ...(languages as Record<string, Cue[]>) };
  for (const [code, first, group] of runs) {
    const text = group
      .map((c) => c.text.trim())
      .filter(Boolean)
      .join('\n');
    const copy = out[code]!.slice();
    copy.splice(first, group.length, { id: ids[0]!, startMs, endMs, text });
    out[code] = copy;
  }
  return { ok: true, languages: out };
}

/** The id of the row after `id` in `order` (the table's rows), or undefined at the end. */
export function nextId(order: readonly { id: string }[], id: string): string | undefined {
  const index = order.findIndex((row) => row.id === id);
  return index < 0 ? undefined : order[index + 1]?.id;
}
