/**
 * The region the Score preview loops (docs/decisions/097-loop-region.md): the selected segment,
 * else the selected take as placed, else the in/out range marked with Shift+I / Shift+O. Pure
 * and in integer milliseconds, like the rest of the timeline algebra.
 */
export interface LoopRegion {
  startMs: number;
  endMs: number;
  /** What the region is, for the timeline's label. */
  source: 'segment' | 'take' | 'marks';
}

/** Shorter than this is not a region (a mark set twice at the same place). */
export const MIN_LOOP_MS = 100;

export interface LoopInputs {
  durationMs: number;
  segment?: { startMs: number; endMs: number } | null | undefined;
  take?: { startMs: number; endMs: number } | null | undefined;
  /** In and out marks; either may be unset (in = 0, out = the end when only one is). */
  marks?: { inMs: number | null; outMs: number | null } | undefined;
}

function region(
  startMs: number,
  endMs: number,
  durationMs: number,
  source: LoopRegion['source'],
): LoopRegion | null {
  const start = Math.max(0, Math.min(startMs, durationMs));
  const end = Math.max(0, Math.min(endMs, durationMs));
  return end - start >= MIN_LOOP_MS ? { startMs: start, endMs: end, source } : null;
}

/** The region to loop, by priority: a selected segment, a selected take, the marks. */
export function loopRegion(inputs: LoopInputs): LoopRegion | null {
  const { durationMs, segment, take, marks } = inputs;
  if (segment) return region(segment.startMs, segment.endMs, durationMs, 'segment');
  if (take) return region(take.startMs, take.endMs, durationMs, 'take');
  if (marks && (marks.inMs !== null || marks.outMs !== null)) {
    const inMs = marks.inMs ?? 0;
    const outMs = marks.outMs ?? durationMs;
    return region(Math.min(inMs, outMs), Math.max(inMs, outMs), durationMs, 'marks');
  }
  return null;
}

/**
 * Where playback jumps while looping: back to the start once the playhead reaches or passes the
 * region's end. Null while it is inside or before the region (playback runs on into it).
 */
export function loopJump(playheadMs: number, loop: LoopRegion | null): number | null {
  if (!loop) return null;
  return playheadMs >= loop.endMs ? loop.startMs : null;
}
