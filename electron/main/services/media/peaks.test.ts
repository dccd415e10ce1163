import { describe, expect, it } from 'vitest';
import { decodePeaksFile, decodeRateFor, encodePeaksFile, PeakReducer } from './peaks';

/** The reducer on PCM with known samples, fed whole and in awkward (odd-sized) chunks. */
function pcm(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buffer.writeInt16LE(s, i * 2));
  return buffer;
}

describe('PeakReducer', () => {
  const samples = [0, 16384, -16384, 100, -32768, 32767, 5, -5, 7];

  it('keeps min then max per bucket, scaled to ±127, with a partial last bucket', () => {
    const reducer = new PeakReducer(3);
    reducer.push(pcm(samples));
    expect(Array.from(reducer.finish())).toEqual([-63, 64, -127, 127, 0, 0]);
    expect(reducer.samples).toBe(samples.length);
  });

  it('gives the same pairs whatever the chunk boundaries, odd bytes included', () => {
    const whole = pcm(samples);
    const reducer = new PeakReducer(3);
    for (const [from, to] of [
      [0, 1],
      [1, 4],
      [4, 9],
      [9, whole.length],
    ])
      reducer.push(whole.subarray(from, to));
    expect(Array.from(reducer.finish())).toEqual([-63, 64, -127, 127, 0, 0]);
  });

  it('round-trips through the cache file format and refuses foreign files', () => {
    const pairs = Int8Array.from([-3, 4, -120, 110]);
    const decoded = decodePeaksFile(encodePeaksFile(pairs, 100, 20));
    expect(decoded).toEqual({
      pointsPerSecond: 100,
      durationMs: 20,
      peaks: Buffer.from(pairs.buffer).toString('base64'),
    });
    expect(decodePeaksFile(Buffer.from('not a peaks file at all'))).toBeNull();
  });

  it('decodes at a whole number of samples per bucket, at least 8 kHz', () => {
    for (const pps of [10, 30, 100, 333, 1000]) {
      const rate = decodeRateFor(pps);
      expect(rate % pps).toBe(0);
      expect(rate).toBeGreaterThanOrEqual(8000);
    }
  });
});
