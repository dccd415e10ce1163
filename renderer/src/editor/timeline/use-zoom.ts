import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { HEAD_PX } from './layout';
import { fitPxPerSecond, msToPx, wheelZoomFactor, zoomAnchored } from './scale';
import type { ViewportStore } from './viewport';

export interface ZoomControls {
  /** Zooms by `factor` around `anchorPx` (in the viewport); default: the playhead if visible. */
  zoomBy(factor: number, anchorPx?: number): void;
  /** The whole media in the viewport. */
  fit(): void;
}

/**
 * Zoom is a controlled prop (`pxPerSecond` + `onZoom`), so the anchored scroll position is
 * computed when zoom is asked for and applied after the parent re-renders with the new zoom.
 * Several wheel events can arrive before that render: each builds on the last *requested*
 * zoom and scroll, not the rendered ones, so fast pinches compound correctly.
 */
export function useZoom(options: {
  scrollRef: RefObject<HTMLDivElement | null>;
  viewport: ViewportStore;
  durationMs: number;
  pxPerSecond: number;
  playheadMs: number;
  onZoom: (pxPerSecond: number) => void;
}): ZoomControls {
  const { scrollRef, viewport, pxPerSecond } = options;
  const requested = useRef<{ pxPerSecond: number; scrollLeft: number } | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const wanted = requested.current;
    requested.current = null;
    if (element && wanted && Math.abs(wanted.pxPerSecond - pxPerSecond) < 1e-9) {
      element.scrollLeft = wanted.scrollLeft;
    }
  }, [scrollRef, pxPerSecond]);

  const zoomBy = useCallback(
    (factor: number, anchorPx?: number) => {
      const { durationMs: duration, playheadMs } = latest.current;
      const { scrollLeft, width } = viewport.getState();
      const base = requested.current ?? { pxPerSecond: latest.current.pxPerSecond, scrollLeft };
      const playheadPx = msToPx(playheadMs, base.pxPerSecond) - base.scrollLeft;
      const anchor = anchorPx ?? (playheadPx >= 0 && playheadPx <= width ? playheadPx : width / 2);
      // Never zoom out past "whole media visible" (or the current zoom, if already below it).
      const floor = Math.min(fitPxPerSecond(duration, width), base.pxPerSecond);
      const next = zoomAnchored(base, factor, anchor, {
        durationMs: duration,
        viewportPx: width,
        minPxPerSecond: floor,
      });
      if (next.pxPerSecond === base.pxPerSecond) return;
      requested.current = next;
      latest.current.onZoom(next.pxPerSecond);
    },
    [viewport],
  );

  const fit = useCallback(() => {
    const { width } = viewport.getState();
    const next = fitPxPerSecond(latest.current.durationMs, width);
    requested.current = { pxPerSecond: next, scrollLeft: 0 };
    latest.current.onZoom(next);
  }, [viewport]);

  // Native listener: React's wheel handlers are passive and cannot stop the page from scrolling.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.altKey) {
        event.preventDefault();
        const delta = event.deltaY || event.deltaX;
        const anchor = event.clientX - element.getBoundingClientRect().left - HEAD_PX;
        zoomBy(wheelZoomFactor(delta, event.deltaMode), Math.max(0, anchor));
      } else if (!event.shiftKey && Math.abs(event.deltaY) > Math.abs(event.deltaX)) {
        // Plain wheel scrolls the timeline sideways, as in every NLE; trackpads' own
        // horizontal swipes (deltaX) and Shift+wheel are left to the browser.
        event.preventDefault();
        const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? element.clientWidth : 1;
        element.scrollLeft += event.deltaY * lines;
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [scrollRef, zoomBy]);
  return { zoomBy, fit };
}
