import type { Cue } from '../cue';
import type { QcContext } from '../issue';

/**
 * A fix: a pure function from a cue list to a new one, aimed at one cue. It returns the same
 * array when it does not apply. Fixes read neighbours in list order, so they assume cues are
 * in time order (the order rule is an error and `fixAll` sorts first).
 */
export type Fix = (cues: readonly Cue[], cueId: string, context: QcContext) => readonly Cue[];

/** Replaces the cue at `index` (or returns `cues` unchanged when nothing differs). */
export function replaceAt(cues: readonly Cue[], index: number, next: Cue): readonly Cue[] {
  const current = cues[index];
  if (
    !current ||
    (current.startMs === next.startMs && current.endMs === next.endMs && current.text === next.text)
  )
    return cues;
  const copy = cues.slice();
  copy[index] = next;
  return copy;
}

/** Where the following cue allows this one to end: its start minus the minimum gap. */
export function roomUntilNext(cues: readonly Cue[], index: number, minGapMs: number): number {
  const next = cues[index + 1];
  return next ? next.startMs - minGapMs : Infinity;
}
