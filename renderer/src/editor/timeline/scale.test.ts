import { describe, expect, it } from 'vitest';
import {
  MAX_PX_PER_SECOND,
  MIN_PX_PER_SECOND,
  clampZoom,
  fitPxPerSecond,
  followScrollLeft,
  msAtPx,
  msToPx,
  pxToMs,
  wheelZoomFactor,
  zoomAnchored,
} from './scale';

describe('px <-> ms', () => {
  it('maps both ways at any zoom', () => {
    expect(msToPx(1500, 40)).toBe(60);
    expect(pxToMs(60, 40)).toBe(1500);
    for (const zoom of [0.5, 3, 40, 999])
      expect(pxToMs(msToPx(12_345, zoom), zoom)).toBeCloseTo(12_345, 6);
  });

  it('rounds a pointer position to whole ms inside the media', () => {
    expect(msAtPx(61, 40, 10_000)).toBe(1525);
    expect(msAtPx(-20, 40, 10_000)).toBe(0);
    expect(msAtPx(10_000, 40, 10_000)).toBe(10_000);
  });
});

describe('zoom', () => {
  it('clamps to its bounds, also for nonsense', () => {
    expect(clampZoom(5000)).toBe(MAX_PX_PER_SECOND);
    expect(clampZoom(0.01)).toBe(MIN_PX_PER_SECOND);
    expect(clampZoom(Number.NaN)).toBe(MIN_PX_PER_SECOND);
    expect(clampZoom(2, 3)).toBe(3);
  });

  it('fits the whole media in the viewport', () => {
    // 6 minutes in 1200 px.
    expect(fitPxPerSecond(360_000, 1200)).toBeCloseTo(1200 / 360, 9);
    expect(msToPx(360_000, fitPxPerSecond(360_000, 1200))).toBeCloseTo(1200, 6);
    expect(fitPxPerSecond(0, 1200)).toBe(MIN_PX_PER_SECOND);
  });

  it('keeps the instant under the pointer in place', () => {
    const before = { pxPerSecond: 40, scrollLeft: 400 };
    const limits = { durationMs: 360_000, viewportPx: 800 };
    const anchorPx = 300;
    const anchorMs = pxToMs(before.scrollLeft + anchorPx, before.pxPerSecond);
    const after = zoomAnchored(before, 2, anchorPx, limits);
    expect(after.pxPerSecond).toBe(80);
    expect(pxToMs(after.scrollLeft + anchorPx, after.pxPerSecond)).toBeCloseTo(anchorMs, 6);
    const back = zoomAnchored(after, 0.5, anchorPx, limits);
    expect(back.scrollLeft).toBeCloseTo(before.scrollLeft, 6);
  });

  it('never scrolls past either end of the content', () => {
    const limits = { durationMs: 10_000, viewportPx: 800 };
    expect(zoomAnchored({ pxPerSecond: 400, scrollLeft: 3000 }, 0.1, 700, limits).scrollLeft).toBe(
      0,
    );
    const atEnd = zoomAnchored({ pxPerSecond: 100, scrollLeft: 200 }, 1.5, 790, limits);
    expect(atEnd.scrollLeft).toBeLessThanOrEqual(msToPx(10_000, atEnd.pxPerSecond) - 800);
    expect(zoomAnchored({ pxPerSecond: 100, scrollLeft: 0 }, 1.5, 0, limits).scrollLeft).toBe(0);
  });

  it('turns wheel notches into symmetric factors', () => {
    expect(wheelZoomFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100, 0)).toBeLessThan(1);
    expect(wheelZoomFactor(100, 0) * wheelZoomFactor(-100, 0)).toBeCloseTo(1, 9);
    // Line mode (Firefox-style) is scaled to pixels, not taken as 3 px.
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0), 9);
  });
});

describe('following the playhead', () => {
  it('leaves the view alone while the playhead is visible', () => {
    expect(followScrollLeft(500, 0, 800)).toBe(0);
  });

  it('turns a page when the playhead reaches the right margin', () => {
    const next = followScrollLeft(790, 0, 800, 40);
    expect(next).toBe(750);
    expect(followScrollLeft(790, next, 800, 40)).toBe(750);
  });

  it('jumps back when the playhead is before the view (seek to start)', () => {
    expect(followScrollLeft(10, 3000, 800, 40)).toBe(0);
    expect(followScrollLeft(1000, 3000, 800, 40)).toBe(960);
  });
});
