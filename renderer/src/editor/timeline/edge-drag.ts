import {
  laneEdgesMs,
  laneProblems,
  moveBoundary,
  type BoundaryMove,
  type Lane,
  type LaneProblem,
} from '../../../../shared/domain/timeline';
import { snapTargets, snapToleranceMs } from './snapping';

/**
 * The rules of an edge gesture, pure so they are tested in Node: where a dragged or nudged edge
 * lands (via the domain's moveBoundary, which keeps the lane contiguous) and which problems each
 * segment shows meanwhile. The component only feeds pointer positions in.
 */
export interface EdgeDragContext {
  durationMs: number;
  pxPerSecond: number;
  /** Snapping switched on and Alt not held. */
  snap: boolean;
  shotsMs: readonly number[];
  playheadMs: number;
  /** The other prompt lanes, whose edges this one may snap to. */
  otherLanes: ReadonlyArray<Lane>;
  minLengthMs: number;
}

/** Edge `edgeIndex` (the end of segment edgeIndex-1) dragged to `pointerMs`. */
export function dragEdge(
  segments: Lane,
  edgeIndex: number,
  pointerMs: number,
  context: EdgeDragContext,
): BoundaryMove {
  const targets = context.snap
    ? snapTargets({
        shotsMs: context.shotsMs,
        playheadMs: context.playheadMs,
        otherLaneEdgesMs: context.otherLanes.flatMap((lane) => laneEdgesMs(lane)),
      })
    : [];
  return moveBoundary(segments, edgeIndex, pointerMs, {
    durationMs: context.durationMs,
    snapTargetsMs: targets,
    snapToleranceMs: context.snap ? snapToleranceMs(context.pxPerSecond) : 0,
    minLengthMs: context.minLengthMs,
  });
}

/** Keyboard trim: the end of segment `segmentIndex` moved by `deltaMs`, no snapping. */
export function nudgeEnd(
  segments: Lane,
  segmentIndex: number,
  deltaMs: number,
  options: { durationMs: number; minLengthMs: number },
): BoundaryMove {
  const segment = segments[segmentIndex];
  if (!segment) return { segments: [...segments], problems: [], snappedToMs: null };
  return moveBoundary(segments, segmentIndex + 1, segment.endMs + deltaMs, options);
}

export interface ShownProblem {
  code: string;
  message: string;
}

export interface LaneProblemView {
  /** The first problem of each segment that has one (the block shows one at a time). */
  bySegment: ReadonlyMap<string, ShownProblem>;
  /** Problems of the lane as a whole (e.g. more than 30 segments), shown on its head. */
  lane: ShownProblem[];
}

/**
 * What each segment shows: the edit's own problems first (they explain why a dragged edge
 * stopped), then the API rules the lane breaks, then problems the screen reports (e.g. a
 * refused request), so a broken rule is visible while dragging, not after submitting.
 */
export function problemView(
  segments: Lane,
  durationMs: number,
  editProblems: ReadonlyArray<Pick<LaneProblem, 'segmentId' | 'code' | 'message'>> = [],
  external: Readonly<Record<string, string>> = {},
): LaneProblemView {
  const bySegment = new Map<string, ShownProblem>();
  const lane: ShownProblem[] = [];
  const all = [...editProblems, ...laneProblems(segments, durationMs)];
  for (const { segmentId, code, message } of all) {
    if (segmentId === null) lane.push({ code, message });
    else if (!bySegment.has(segmentId)) bySegment.set(segmentId, { code, message });
  }
  for (const segment of segments) {
    const message = external[segment.id];
    if (message && !bySegment.has(segment.id))
      bySegment.set(segment.id, { code: 'reported', message });
  }
  return { bySegment, lane };
}
