import { useLayoutEffect, useRef, type RefObject } from 'react';
import { HEAD_PX } from './layout';
import { followScrollLeft, msToPx } from './scale';
import type { ViewportStore } from './viewport';

/** Mirrors the scroll container's position and width into the viewport store. */
export function useViewportTracking(
  scrollRef: RefObject<HTMLDivElement | null>,
  viewport: ViewportStore,
): void {
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => {
      const next = {
        scrollLeft: element.scrollLeft,
        width: Math.max(0, element.clientWidth - HEAD_PX),
      };
      const now = viewport.getState();
      if (now.scrollLeft !== next.scrollLeft || now.width !== next.width) viewport.setState(next);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scrollRef, viewport]);
}

/**
 * Keeps the playhead in view when it moves (playback, transport keys, seeks): a page turn once
 * it reaches the right margin. It reacts to playhead moves only, never to zoom, so zooming at
 * the pointer is not undone; `suspended` is set while the user scrubs or drags.
 */
export function useFollowPlayhead(
  scrollRef: RefObject<HTMLDivElement | null>,
  viewport: ViewportStore,
  playheadMs: number,
  pxPerSecond: number,
  suspended: RefObject<boolean>,
): void {
  const zoom = useRef(pxPerSecond);
  useLayoutEffect(() => {
    zoom.current = pxPerSecond;
  }, [pxPerSecond]);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || suspended.current) return;
    const { scrollLeft, width } = viewport.getState();
    const next = followScrollLeft(msToPx(playheadMs, zoom.current), scrollLeft, width);
    if (next !== scrollLeft) element.scrollLeft = next;
  }, [scrollRef, viewport, playheadMs, suspended]);
}
