import { create } from 'zustand';
import {
  loopJump,
  loopRegion,
  placedRange,
  type LoopRegion,
} from '../../../../shared/domain/timeline';
import type { ScorePart } from '../../../../shared/domain/project/document';
import * as player from '../../editor/media/player';
import { useTransport, type SelectedSegment } from '../../editor/media/transport-store';
import { useScorePart, useScoreStore } from './score-store';
import { useTakeSelection } from './take-selection';

/**
 * The preview's loop (view state, never an undo step): on/off and the in/out marks set with
 * Shift+I / Shift+O. What is looped is worked out by loopRegion (docs/decisions/097-loop-region.md).
 */
export const useLoop = create<{ enabled: boolean; inMs: number | null; outMs: number | null }>()(
  () => ({ enabled: false, inMs: null, outMs: null }),
);

export function toggleLoop(): void {
  useLoop.setState((state) => ({ enabled: !state.enabled }));
}

export function markIn(): void {
  useLoop.setState({ inMs: Math.round(useTransport.getState().playheadMs) });
}

export function markOut(): void {
  useLoop.setState({ outMs: Math.round(useTransport.getState().playheadMs) });
}

export function clearMarks(): void {
  useLoop.setState({ inMs: null, outMs: null });
}

function regionOf(
  part: ScorePart,
  selected: SelectedSegment | null,
  takeId: string | null,
  marks: { inMs: number | null; outMs: number | null },
): LoopRegion | null {
  const durationMs = part.video?.durationMs ?? 0;
  if (durationMs <= 0) return null;
  const segment = selected ? part.lanes[selected.lane].find((s) => s.id === selected.id) : null;
  const take = takeId ? part.takes.find((t) => t.id === takeId) : undefined;
  return loopRegion({
    durationMs,
    segment: segment ?? null,
    take: take ? placedRange(take, durationMs) : null,
    marks,
  });
}

/** The region as things stand now (for the player, outside React). */
export function currentLoopRegion(): LoopRegion | null {
  const part = useScoreStore.getState().history?.present;
  if (!part) return null;
  const { inMs, outMs } = useLoop.getState();
  return regionOf(part, useTransport.getState().selected, useTakeSelection.getState().takeId, {
    inMs,
    outMs,
  });
}

/** The region, re-worked out when the selection, the marks or the document change. */
export function useLoopRegion(): LoopRegion | null {
  const part = useScorePart();
  const selected = useTransport((s) => s.selected);
  const takeId = useTakeSelection((s) => s.takeId);
  const inMs = useLoop((s) => s.inMs);
  const outMs = useLoop((s) => s.outMs);
  return regionOf(part, selected, takeId, { inMs, outMs });
}

/** Playback that stopped this close to the region's end counts as having reached it. */
const END_SLACK_MS = 50;

/**
 * While the loop is on and playback runs forward, reaching the region's end seeks back to its
 * start; a region that ends with the video restarts playback when the video stops at its end.
 * Returns the unsubscribe function (the workspace holds it while mounted).
 */
export function followLoop(): () => void {
  return useTransport.subscribe((state, previous) => {
    if (!useLoop.getState().enabled || state.shuttle < 0) return;
    const loop = currentLoopRegion();
    if (!loop) return;
    if (state.playing) {
      const jump = loopJump(state.playheadMs, loop);
      if (jump !== null) player.seek(jump);
    } else if (
      previous.playing &&
      previous.shuttle > 0 &&
      state.playheadMs >= loop.endMs - END_SLACK_MS
    ) {
      player.seek(loop.startMs);
      player.play(1);
    }
  });
}
