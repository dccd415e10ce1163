import { pxToMs } from './scale';

/**
 * Snapping is decided in screen pixels so it feels the same at any zoom (8 px, as Aegisub does):
 * the domain's snap works in ms, so the tolerance is converted at the current zoom.
 */
export const SNAP_PX = 8;

export function snapToleranceMs(pxPerSecond: number, px = SNAP_PX): number {
  return pxToMs(px, pxPerSecond);
}

export interface SnapSources {
  shotsMs: readonly number[];
  playheadMs: number;
  /** Edges of the other segment lanes (music edges snap to SFX edges and back). */
  otherLaneEdgesMs: readonly number[];
}

/**
 * Everything a dragged edge may snap to. The dragged lane's own edges are left out on purpose:
 * in a contiguous lane the nearest ones belong to the two segments being resized, and snapping
 * to them would collapse a segment to nothing.
 */
export function snapTargets({ shotsMs, playheadMs, otherLaneEdgesMs }: SnapSources): number[] {
  const all = new Set<number>([...shotsMs, playheadMs, ...otherLaneEdgesMs]);
  return [...all].filter((ms) => Number.isFinite(ms) && ms >= 0).sort((a, b) => a - b);
}

export type SnapKind = 'shot' | 'playhead' | 'edge';

/** What a snapped edge landed on, for the drag guide ("snapped to shot change"). */
export function snapKind(
  ms: number,
  { shotsMs, playheadMs }: Pick<SnapSources, 'shotsMs' | 'playheadMs'>,
): SnapKind {
  if (shotsMs.includes(ms)) return 'shot';
  return ms === playheadMs ? 'playhead' : 'edge';
}
