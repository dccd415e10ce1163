/**
 * The timeline's one mapping between time and pixels, and the zoom and scroll rules built on it.
 * Pure, so zoom anchoring and playhead following are unit-tested without a browser.
 */

/** Zoom bounds: at 1000 px/s a 25 fps frame is 40 px wide; below 0.5 px/s nothing reads. */
export const MIN_PX_PER_SECOND = 0.5;
export const MAX_PX_PER_SECOND = 1000;
/** One step of the zoom buttons and of the +/- keys. */
export const ZOOM_STEP = 1.5;

export function msToPx(ms: number, pxPerSecond: number): number {
  return (ms * pxPerSecond) / 1000;
}

export function pxToMs(px: number, pxPerSecond: number): number {
  return (px * 1000) / pxPerSecond;
}

/** A time under the pointer, clamped to the media and rounded to whole ms (documents hold ints). */
export function msAtPx(px: number, pxPerSecond: number, durationMs: number): number {
  return Math.round(Math.min(durationMs, Math.max(0, pxToMs(px, pxPerSecond))));
}

export function clampZoom(pxPerSecond: number, min = MIN_PX_PER_SECOND): number {
  if (!Number.isFinite(pxPerSecond)) return min;
  return Math.min(MAX_PX_PER_SECOND, Math.max(min, pxPerSecond));
}

/** The zoom at which the whole media fills `viewportPx` (used by Fit and as the zoom floor). */
export function fitPxPerSecond(durationMs: number, viewportPx: number): number {
  if (durationMs <= 0 || viewportPx <= 0) return MIN_PX_PER_SECOND;
  return clampZoom((viewportPx * 1000) / durationMs);
}

export interface ZoomView {
  pxPerSecond: number;
  scrollLeft: number;
}

/**
 * Zooms by `factor` keeping the instant under `anchorPx` (a position inside the viewport) where
 * it is on screen, as NLEs do for Ctrl+wheel; the new scroll is clamped to the content.
 */
export function zoomAnchored(
  view: ZoomView,
  factor: number,
  anchorPx: number,
  limits: { durationMs: number; viewportPx: number; minPxPerSecond?: number },
): ZoomView {
  const pxPerSecond = clampZoom(view.pxPerSecond * factor, limits.minPxPerSecond);
  const anchorMs = pxToMs(view.scrollLeft + anchorPx, view.pxPerSecond);
  const contentPx = msToPx(limits.durationMs, pxPerSecond);
  const maxScroll = Math.max(0, contentPx - limits.viewportPx);
  const scrollLeft = Math.min(maxScroll, Math.max(0, msToPx(anchorMs, pxPerSecond) - anchorPx));
  return { pxPerSecond, scrollLeft };
}

/** A wheel delta (pixels, lines or pages) as a zoom factor: one notch of a mouse ≈ 1.2×. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  // Trackpad pinch sends many small deltas; exp keeps a gesture's total independent of its steps.
  return Math.exp(-px * 0.0018);
}

/**
 * Where to scroll so a moving playhead stays in view: nothing while it is inside the viewport
 * (less the right margin), else a page turn that puts it `marginPx` from the left edge. Paging
 * instead of centring keeps the picture of the lanes still most of the time, as NLEs do.
 */
export function followScrollLeft(
  playheadPx: number,
  scrollLeft: number,
  viewportPx: number,
  marginPx = Math.min(48, viewportPx / 8),
): number {
  if (viewportPx <= 0) return scrollLeft;
  const inView = playheadPx >= scrollLeft && playheadPx <= scrollLeft + viewportPx - marginPx;
  if (inView) return scrollLeft;
  return Math.max(0, playheadPx - marginPx);
}
