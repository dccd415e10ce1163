import type { Cue } from './cue';
import { newCueId } from './cue';

/**
 * Edits the Subtitles editor makes to one language's cues, as pure functions keyed by cue id.
 * Each returns the same array when nothing changes, so the undo store records no empty step.
 */

export function setCueText(cues: readonly Cue[], id: string, text: string): readonly Cue[] {
  const index = cues.findIndex((cue) => cue.id === id);
  if (index < 0 || cues[index]!.text === text) return cues;
  const copy = cues.slice();
  copy[index] = { ...cues[index]!, text };
  return copy;
}

/** Sets start and/or end (integer ms, never negative); a reversed pair is left to QC's timing rule. */
export function setCueTiming(
  cues: readonly Cue[],
  id: string,
  timing: { startMs?: number; endMs?: number },
): readonly Cue[] {
  const index = cues.findIndex((cue) => cue.id === id);
  const cue = cues[index];
  if (!cue) return cues;
  const startMs = Math.max(0, Math.round(timing.startMs ?? cue.startMs));
  const endMs = Math.max(0, Math.round(timing.endMs ?? cue.endMs));
  if (startMs === cue.startMs && endMs === cue.endMs) return cues;
  const copy = cues.slice();
  copy[index] = { ...cue, startMs, endMs };
  return copy;
}

/** The shortest gap a new cue is made in: less would only be a blink, not a cue to type into. */
export const MIN_INSERT_MS = 100;

/**
 * A new empty cue after `afterId` (at the start when absent): it starts `gapMs` after that cue
 * and lasts `lengthMs`, shortened to end `gapMs` before the next cue. Null when the gap to the
 * next cue is under MIN_INSERT_MS: a cue there would overlap its neighbour, which QC flags as
 * an error and the dubbing service refuses.
 */
export function insertCueAfter(
  cues: readonly Cue[],
  afterId: string | undefined,
  taken: ReadonlySet<string>,
  { gapMs = 83, lengthMs = 2000 }: { gapMs?: number; lengthMs?: number } = {},
): { cues: Cue[]; id: string } | null {
  const index = afterId === undefined ? -1 : cues.findIndex((cue) => cue.id === afterId);
  const before = cues[index];
  const after = cues[index + 1];
  const startMs = before ? before.endMs + gapMs : 0;
  const room = after ? after.startMs - gapMs - startMs : Infinity;
  if (room < MIN_INSERT_MS) return null;
  const endMs = startMs + Math.min(lengthMs, room);
  const id = newCueId(before?.id ?? 'c0', taken);
  const copy = cues.slice();
  copy.splice(index + 1, 0, { id, startMs, endMs, text: '' });
  return { cues: copy, id };
}

export function deleteCue(cues: readonly Cue[], id: string): readonly Cue[] {
  const index = cues.findIndex((cue) => cue.id === id);
  if (index < 0) return cues;
  return [...cues.slice(0, index), ...cues.slice(index + 1)];
}

/**
 * Where a dragged cue edge lands: the nearest snap target within `toleranceMs` (shot changes),
 * then held so the cue keeps `minDurationMs` and the neighbour keeps `minGapMs`.
 */
export function placeCueEdge(
  cues: readonly Cue[],
  id: string,
  edge: 'start' | 'end',
  wantedMs: number,
  {
    snapTargets = [],
    toleranceMs = 0,
    minGapMs = 0,
    minDurationMs = 100,
  }: {
    snapTargets?: readonly number[];
    toleranceMs?: number;
    minGapMs?: number;
    minDurationMs?: number;
  },
): { ms: number; snappedToMs?: number } {
  const index = cues.findIndex((cue) => cue.id === id);
  const cue = cues[index];
  if (!cue) return { ms: Math.round(wantedMs) };
  let ms = Math.round(wantedMs);
  let snappedToMs: number | undefined;
  let best = toleranceMs;
  for (const target of snapTargets) {
    const distance = Math.abs(target - wantedMs);
    if (distance <= best) {
      best = distance;
      snappedToMs = target;
    }
  }
  if (snappedToMs !== undefined) ms = snappedToMs;
  const [low, high] =
    edge === 'start'
      ? [index > 0 ? cues[index - 1]!.endMs + minGapMs : 0, cue.endMs - minDurationMs]
      : [
          cue.startMs + minDurationMs,
          index < cues.length - 1 ? cues[index + 1]!.startMs - minGapMs : Infinity,
        ];
  const held = Math.min(Math.max(ms, low), Math.max(low, high));
  return held === ms ? { ms, ...(snappedToMs !== undefined ? { snappedToMs } : {}) } : { ms: held };
}
