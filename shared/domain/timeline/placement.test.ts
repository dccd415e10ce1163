import { describe, expect, it } from 'vitest';
import {
  fitImport,
  MIN_PLACED_MS,
  type Placement,
  movePlacement,
  placedRange,
  trimPlacementEnd,
  trimPlacementStart,
} from './placement';

const video = { durationMs: 10_000 };
const take: Placement = { offsetMs: 2000, fileDurationMs: 3000 };

describe('placedRange', () => {
  it('runs to the end of the file, or of the video when the file length is unknown', () => {
    expect(placedRange(take, 10_000)).toEqual({ startMs: 2000, endMs: 5000, trimStartMs: 0 });
    expect(placedRange({ offsetMs: 4000 }, 10_000).endMs).toBe(10_000);
    expect(placedRange({ offsetMs: 9000, fileDurationMs: 3000 }, 10_000).endMs).toBe(10_000);
  });
});

describe('movePlacement', () => {
  it('keeps the length and stays inside the video', () => {
    expect(placedRange(movePlacement(take, 4000, video), 10_000)).toMatchObject({
      startMs: 4000,
      endMs: 7000,
    });
    expect(movePlacement(take, 9000, video).offsetMs).toBe(7000);
    expect(movePlacement(take, -500, video).offsetMs).toBe(0);
  });

  it('snaps the start, else the end, to a target within the tolerance', () => {
    const options = { ...video, snapTargetsMs: [4100, 8000], snapToleranceMs: 150 };
    expect(movePlacement(take, 4000, options).offsetMs).toBe(4100);
    expect(movePlacement(take, 4950, options).offsetMs).toBe(5000);
  });

  it('answers the same object when nothing moves (no undo step)', () => {
    expect(movePlacement(take, 2000, video)).toBe(take);
  });
});

describe('trims', () => {
  it('a left trim skips the file start so the sound stays in place', () => {
    const trimmed = trimPlacementStart(take, 2500, video);
    expect(trimmed).toMatchObject({ offsetMs: 2500, trimStartMs: 500, lengthMs: 2500 });
    // Back out again, but never before the file's own start.
    expect(trimPlacementStart(trimmed, 1000, video)).toMatchObject({
      offsetMs: 2000,
      trimStartMs: 0,
      lengthMs: 3000,
    });
  });

  it('a right trim is held by the file end, the video end and the minimum length', () => {
    expect(trimPlacementEnd(take, 4000, video).lengthMs).toBe(2000);
    expect(placedRange(trimPlacementEnd(take, 9000, video), 10_000).endMs).toBe(5000);
    expect(trimPlacementEnd(take, 0, video).lengthMs).toBe(MIN_PLACED_MS);
    expect(placedRange(trimPlacementEnd({ offsetMs: 8000 }, 12_000, video), 10_000).endMs).toBe(
      10_000,
    );
  });

  it('trims snap to cuts and the playhead', () => {
    const options = { ...video, snapTargetsMs: [3960], snapToleranceMs: 100 };
    expect(trimPlacementEnd(take, 4000, options).lengthMs).toBe(1960);
    expect(trimPlacementStart(take, 3900, options).offsetMs).toBe(3960);
  });
});

describe('fitImport', () => {
  it('places at the playhead and offers the rest of the video when the file is longer', () => {
    expect(fitImport(5000, 2000, 10_000)).toEqual({ fits: true, offsetMs: 2000 });
    expect(fitImport(9000, 2000, 10_000)).toEqual({ fits: false, offsetMs: 2000, trimToMs: 8000 });
  });
});
