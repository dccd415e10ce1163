import { snapMs } from './snap';

/**
 * A sound placed on the timeline (a take or an imported file): where it starts, how much of its
 * file's start is skipped, how long it plays. Moves and trims are pure and never throw; they keep
 * the placement inside the video and inside the file (docs/editing.md, "Takes on the timeline").
 */
export interface Placement {
  offsetMs: number;
  trimStartMs?: number | undefined;
  lengthMs?: number | undefined;
  fileDurationMs?: number | undefined;
}

/** A trim never leaves less than this of a take. */
export const MIN_PLACED_MS = 100;

export interface PlaceOptions {
  durationMs: number;
  snapTargetsMs?: readonly number[];
  snapToleranceMs?: number;
}

/** The part of the file heard, and where on the timeline it sits. */
export function placedRange(
  item: Placement,
  durationMs: number,
): { startMs: number; endMs: number; trimStartMs: number } {
  const trimStartMs = item.trimStartMs ?? 0;
  const fileLeft = item.fileDurationMs !== undefined ? item.fileDurationMs - trimStartMs : Infinity;
  const lengthMs = Math.min(item.lengthMs ?? fileLeft, fileLeft, durationMs - item.offsetMs);
  const endMs = item.offsetMs + Math.max(0, Number.isFinite(lengthMs) ? lengthMs : 0);
  return { startMs: item.offsetMs, endMs, trimStartMs };
}

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

function snap(ms: number, options: PlaceOptions): number {
  if (!options.snapTargetsMs || !options.snapToleranceMs) return ms;
  return snapMs(ms, options.snapTargetsMs, options.snapToleranceMs).ms;
}

/**
 * Moves the whole placement so it starts at `toMs` (its length kept). Either edge snaps to a
 * target (the start first); the placement stays within 0…duration.
 */
export function movePlacement<T extends Placement>(
  item: T,
  toMs: number,
  options: PlaceOptions,
): T {
  const { startMs, endMs } = placedRange(item, options.durationMs);
  const length = endMs - startMs;
  let start = Math.round(toMs);
  const snappedStart = snap(start, options);
  if (snappedStart !== start) start = snappedStart;
  else {
    const snappedEnd = snap(start + length, options);
    if (snappedEnd !== start + length) start = snappedEnd - length;
  }
  start = clamp(start, 0, options.durationMs - Math.max(length, MIN_PLACED_MS));
  if (start === item.offsetMs) return item;
  // The heard length is pinned so a move toward the end does not change it.
  return { ...item, offsetMs: start, lengthMs: length };
}

/**
 * Moves the left edge to `toMs`: the file's start is skipped (or restored) by the same amount, so
 * the sound stays where it was in time. Bounded by the file's start and the minimum length.
 */
export function trimPlacementStart<T extends Placement>(
  item: T,
  toMs: number,
  options: PlaceOptions,
): T {
  const { startMs, endMs, trimStartMs } = placedRange(item, options.durationMs);
  const earliest = Math.max(0, startMs - trimStartMs);
  const start = clamp(Math.round(snap(toMs, options)), earliest, endMs - MIN_PLACED_MS);
  if (start === startMs) return item;
  return {
    ...item,
    offsetMs: start,
    trimStartMs: trimStartMs + (start - startMs),
    lengthMs: endMs - start,
  };
}

/** Moves the right edge to `toMs`, within the file's end, the video's end and the minimum length. */
export function trimPlacementEnd<T extends Placement>(
  item: T,
  toMs: number,
  options: PlaceOptions,
): T {
  const { startMs, endMs, trimStartMs } = placedRange(item, options.durationMs);
  const fileEnd =
    item.fileDurationMs !== undefined
      ? startMs + item.fileDurationMs - trimStartMs
      : options.durationMs;
  const latest = Math.min(options.durationMs, fileEnd);
  const end = clamp(Math.round(snap(toMs, options)), startMs + MIN_PLACED_MS, latest);
  if (end === endMs) return item;
  return { ...item, lengthMs: end - startMs };
}

/**
 * Where an imported file goes: at the playhead, whole if it fits before the video's end. A file
 * longer than what is left says so, with the trimmed length to offer (the rest of the video).
 */
export function fitImport(
  fileDurationMs: number,
  playheadMs: number,
  durationMs: number,
): { fits: true; offsetMs: number } | { fits: false; offsetMs: number; trimToMs: number } {
  const offsetMs = clamp(Math.round(playheadMs), 0, durationMs - MIN_PLACED_MS);
  const room = durationMs - offsetMs;
  return fileDurationMs <= room
    ? { fits: true, offsetMs }
    : { fits: false, offsetMs, trimToMs: room };
}
