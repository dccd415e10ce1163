import { describe, expect, it } from 'vitest';
import { decodePeaks, peakColumns, toDecoded } from './peaks';

/** Base64 of signed bytes, as main's media:peaks sends them. */
function encode(bytes: number[]): string {
  return btoa(String.fromCharCode(...bytes.map((b) => b & 0xff)));
}

describe('peaks decode', () => {
  it('reads Int8 min/max pairs, signs included', () => {
    const decoded = decodePeaks({
      pointsPerSecond: 100,
      durationMs: 30,
      peaks: encode([-127, 127, -64, 32, 0, 0]),
    });
    expect(Array.from(decoded.min)).toEqual([-1, -64 / 127, 0].map(Math.fround));
    expect(Array.from(decoded.max)).toEqual([1, 32 / 127, 0].map(Math.fround));
    expect(decoded.normalize).toBe(1);
  });

  it('normalises quiet media, capped so silence stays flat', () => {
    const quiet = decodePeaks({ pointsPerSecond: 10, durationMs: 100, peaks: encode([-32, 32]) });
    expect(quiet.normalize).toBeCloseTo(127 / 32, 6);
    const hiss = decodePeaks({ pointsPerSecond: 10, durationMs: 100, peaks: encode([-1, 1]) });
    expect(hiss.normalize).toBe(8);
    const silent = decodePeaks({ pointsPerSecond: 10, durationMs: 100, peaks: encode([0, 0]) });
    expect(silent.normalize).toBe(1);
  });

  it('ignores a trailing odd byte and passes decoded peaks through', () => {
    const decoded = decodePeaks({
      pointsPerSecond: 10,
      durationMs: 100,
      peaks: encode([-5, 5, 9]),
    });
    expect(decoded.min.length).toBe(1);
    expect(toDecoded(decoded)).toBe(decoded);
  });
});

describe('peak columns', () => {
  const peaks = {
    pointsPerSecond: 100, // 10 ms buckets
    min: Float32Array.from([-0.1, -0.5, -0.2, -0.9, 0, -0.3]),
    max: Float32Array.from([0.1, 0.4, 0.2, 0.8, 0, 0.3]),
    normalize: 1,
  };

  it('takes the extremes of the buckets under each column', () => {
    // 20 ms per pixel: two buckets per column.
    const out = peakColumns(peaks, 0, 20, 3);
    expect(Array.from(out)).toEqual([-0.5, 0.4, -0.9, 0.8, -0.3, 0.3].map(Math.fround));
  });

  it('shows the bucket a column falls in when zoomed past the bucket size', () => {
    const out = peakColumns(peaks, 30, 2, 3);
    expect(Array.from(out)).toEqual([-0.9, 0.8, -0.9, 0.8, -0.9, 0.8].map(Math.fround));
  });

  it('leaves columns outside the media at zero and applies the normalise gain', () => {
    const out = peakColumns({ ...peaks, normalize: 2 }, 40, 10, 4);
    expect(Array.from(out)).toEqual([0, 0, -0.6, 0.6, 0, 0, 0, 0].map(Math.fround));
    const before = peakColumns(peaks, -100, 10, 2);
    expect(Array.from(before)).toEqual([0, 0, 0, 0]);
  });
});
