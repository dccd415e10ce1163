import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { dragEdge } from './edge-drag';
import { HEAD_PX } from './layout';
import { pxToMs } from './scale';
import type { EdgeDragPreview } from './types';

export interface EdgeDragOptions {
  /** The lanes' scroll container, scrolled while the pointer holds an edge near its sides. */
  scrollRef: RefObject<HTMLDivElement | null>;
  durationMs: number;
  pxPerSecond: number;
  snapping: boolean;
  shotsMs: readonly number[];
  playheadMs: number;
  /** Every prompt lane by id (the dragged one and those it may snap to). */
  segmentLanes: ReadonlyArray<{ id: string; segments: readonly TimelineSegment[] }>;
  minLengthMs: number;
  onPreview?: ((laneId: string, segments: TimelineSegment[]) => void) | undefined;
  onCommit: (laneId: string, segments: TimelineSegment[]) => void;
}

/** How far inside a side of the view the pointer starts scrolling it. */
const AUTOSCROLL_ZONE_PX = 16;

export interface EdgeDrag {
  /** The lane as it would be on release; null when no drag is under way. */
  preview: EdgeDragPreview | null;
  /** Starts a drag from a pointerdown on an edge handle. */
  begin(event: PointerEvent<HTMLElement>, laneId: string, edgeIndex: number): void;
  /** True during a drag (read by the playhead follower, which holds still meanwhile). */
  active: { readonly current: boolean };
}

/**
 * One edge gesture: pointer captured on the handle, a preview per pointermove (the domain's
 * moveBoundary, so neighbours follow and rules are checked live), ONE commit on pointer-up when
 * the lane changed, nothing on Esc. Alt is read on every move and on its own key events, since
 * Linux window managers swallow Alt+press but let Alt pressed mid-drag through. Held near a
 * side of the view, the edge scrolls the lanes (faster the further out), so it can travel
 * past what is on screen.
 */
export function useEdgeDrag(options: EdgeDragOptions): EdgeDrag {
  const [preview, setPreview] = useState<EdgeDragPreview | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const active = useRef(false);
  const stop = useRef<(() => void) | null>(null);

  // The lane being dragged, as it was when the drag began.
  const dragged = useRef<{ laneId: string; original: readonly TimelineSegment[] } | null>(null);

  useEffect(() => () => stop.current?.(), []);
  // The lane changed under the drag (an undo, a restore): the drag's base is gone, drop it
  // rather than commit a lane built on what no longer exists.
  useLayoutEffect(() => {
    const drag = dragged.current;
    if (!drag) return;
    const lane = options.segmentLanes.find((candidate) => candidate.id === drag.laneId);
    if (lane?.segments !== drag.original) stop.current?.();
  });

  const begin = useCallback(
    (event: PointerEvent<HTMLElement>, laneId: string, edgeIndex: number) => {
      if (event.button !== 0 || active.current) return;
      const lane = latest.current.segmentLanes.find((candidate) => candidate.id === laneId);
      const edgeOwner = lane?.segments[edgeIndex - 1];
      if (!lane || !edgeOwner) return;
      event.preventDefault();
      event.stopPropagation();
      const handle = event.currentTarget;
      const pointerId = event.pointerId;
      handle.setPointerCapture(pointerId);
      const original = lane.segments;
      dragged.current = { laneId, original };
      const startClientX = event.clientX;
      const scroller = latest.current.scrollRef.current;
      const startScroll = scroller?.scrollLeft ?? 0;
      const bounds = scroller?.getBoundingClientRect();
      let scrolling = 0;
      let lastClientX = event.clientX;
      let alt = event.altKey;
      let result: TimelineSegment[] | null = null;
      active.current = true;

      const update = () => {
        const o = latest.current;
        const scrolled = (scroller?.scrollLeft ?? startScroll) - startScroll;
        const pointerMs =
          edgeOwner.endMs + pxToMs(lastClientX - startClientX + scrolled, o.pxPerSecond);
        const move = dragEdge(original, edgeIndex, pointerMs, {
          durationMs: o.durationMs,
          pxPerSecond: o.pxPerSecond,
          snap: o.snapping && !alt,
          shotsMs: o.shotsMs,
          playheadMs: o.playheadMs,
          otherLanes: o.segmentLanes.filter((l) => l.id !== laneId).map((l) => l.segments),
          minLengthMs: o.minLengthMs,
        });
        result = move.segments;
        setPreview({
          laneId,
          edgeIndex,
          segments: move.segments,
          editProblems: move.problems,
          snappedToMs: move.snappedToMs,
        });
        o.onPreview?.(laneId, move.segments);
      };
      // Pixels per frame to scroll: 0 inside the view, up to 24 at 48 px beyond a side.
      const autoScrollSpeed = () => {
        if (!bounds) return 0;
        const left = bounds.left + HEAD_PX + AUTOSCROLL_ZONE_PX;
        const right = bounds.right - AUTOSCROLL_ZONE_PX;
        const beyond = lastClientX < left ? lastClientX - left : Math.max(0, lastClientX - right);
        return Math.max(-24, Math.min(24, beyond / 2));
      };
      const autoScroll = () => {
        scrolling = 0;
        const speed = autoScrollSpeed();
        if (!scroller || speed === 0 || !active.current) return;
        const before = scroller.scrollLeft;
        scroller.scrollLeft = before + speed;
        if (scroller.scrollLeft !== before) update();
        scrolling = requestAnimationFrame(autoScroll);
      };
      const onMove = (moveEvent: globalThis.PointerEvent) => {
        if (moveEvent.pointerId !== pointerId) return;
        lastClientX = moveEvent.clientX;
        alt = moveEvent.altKey;
        update();
        if (!scrolling && autoScrollSpeed() !== 0) scrolling = requestAnimationFrame(autoScroll);
      };
      const onKey = (keyEvent: KeyboardEvent) => {
        if (keyEvent.key === 'Escape') {
          keyEvent.preventDefault();
          keyEvent.stopPropagation();
          finish(false);
        } else if (keyEvent.key === 'Alt') {
          // Keeps a lone Alt from focusing the Windows menu bar after an Alt-drag.
          keyEvent.preventDefault();
          alt = keyEvent.type === 'keydown';
          update();
        }
      };
      const onUp = (upEvent: globalThis.PointerEvent) => {
        if (upEvent.pointerId === pointerId) finish(true);
      };
      const onCancel = () => finish(false);
      const finish = (commit: boolean) => {
        stop.current = null;
        dragged.current = null;
        active.current = false;
        cancelAnimationFrame(scrolling);
        handle.removeEventListener('pointermove', onMove);
        handle.removeEventListener('pointerup', onUp);
        handle.removeEventListener('pointercancel', onCancel);
        handle.removeEventListener('lostpointercapture', onCancel);
        window.removeEventListener('keydown', onKey, true);
        window.removeEventListener('keyup', onKey, true);
        if (handle.hasPointerCapture(pointerId)) handle.releasePointerCapture(pointerId);
        setPreview(null);
        const changed = result?.some(
          (segment, i) =>
            segment.startMs !== original[i]?.startMs || segment.endMs !== original[i]?.endMs,
        );
        if (commit && result && changed) latest.current.onCommit(laneId, result);
      };
      handle.addEventListener('pointermove', onMove);
      handle.addEventListener('pointerup', onUp);
      handle.addEventListener('pointercancel', onCancel);
      handle.addEventListener('lostpointercapture', onCancel);
      window.addEventListener('keydown', onKey, true);
      window.addEventListener('keyup', onKey, true);
      stop.current = () => finish(false);
    },
    [],
  );

  return { preview, begin, active };
}
