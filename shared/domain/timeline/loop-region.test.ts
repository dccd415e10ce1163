import { describe, expect, it } from 'vitest';
import { loopJump, loopRegion, MIN_LOOP_MS } from './loop-region';

describe('loopRegion', () => {
  const durationMs = 10_000;

  it('loops the selected segment first, then the selected take, then the marks', () => {
    const segment = { startMs: 1000, endMs: 3000 };
    const take = { startMs: 4000, endMs: 6000 };
    const marks = { inMs: 7000, outMs: 9000 };
    expect(loopRegion({ durationMs, segment, take, marks })).toEqual({
      ...segment,
      source: 'segment',
    });
    expect(loopRegion({ durationMs, take, marks })).toEqual({ ...take, source: 'take' });
    expect(loopRegion({ durationMs, marks })).toEqual({
      startMs: 7000,
      endMs: 9000,
      source: 'marks',
    });
    expect(loopRegion({ durationMs })).toBeNull();
  });

  it('reads marks in either order, and one mark as a range to the start or the end', () => {
    expect(loopRegion({ durationMs, marks: { inMs: 5000, outMs: 2000 } })).toMatchObject({
      startMs: 2000,
      endMs: 5000,
    });
    expect(loopRegion({ durationMs, marks: { inMs: 8000, outMs: null } })).toMatchObject({
      startMs: 8000,
      endMs: durationMs,
    });
    expect(loopRegion({ durationMs, marks: { inMs: null, outMs: 1500 } })).toMatchObject({
      startMs: 0,
      endMs: 1500,
    });
    expect(loopRegion({ durationMs, marks: { inMs: null, outMs: null } })).toBeNull();
  });

  it('keeps the region inside the video and refuses one too short to play', () => {
    expect(loopRegion({ durationMs, take: { startMs: 9000, endMs: 12_000 } })).toMatchObject({
      startMs: 9000,
      endMs: durationMs,
    });
    expect(
      loopRegion({ durationMs, marks: { inMs: 4000, outMs: 4000 + MIN_LOOP_MS - 1 } }),
    ).toBeNull();
  });
});

describe('loopJump', () => {
  const loop = { startMs: 2000, endMs: 4000, source: 'marks' as const };
  it('returns to the start at the end, and leaves playback alone before it', () => {
    expect(loopJump(1000, loop)).toBeNull();
    expect(loopJump(3999, loop)).toBeNull();
    expect(loopJump(4000, loop)).toBe(2000);
    expect(loopJump(4040, loop)).toBe(2000);
    expect(loopJump(4000, null)).toBeNull();
  });
});
