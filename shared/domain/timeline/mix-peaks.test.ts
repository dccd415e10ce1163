import { describe, expect, it } from 'vitest';
import { mixPeaks, type PeakEnvelope } from './mix-peaks';

/** A constant envelope of `seconds` at 10 buckets per second. */
const flat = (seconds: number, level: number): PeakEnvelope => ({
  pointsPerSecond: 10,
  min: new Array<number>(seconds * 10).fill(-level),
  max: new Array<number>(seconds * 10).fill(level),
});
const at = (mix: { max: Float32Array }, ms: number) => mix.max[Math.floor(ms / 100)]!;
const base = { durationMs: 10_000, pointsPerSecond: 10 };

describe('the mix lane’s waveform', () => {
  it('covers the video, silent where nothing plays', () => {
    const mix = mixPeaks({ ...base, tracks: [] });
    expect(mix.max.length).toBe(100);
    expect(Math.max(...mix.max)).toBe(0);
  });

  it('sums the source and a take at its place and gain', () => {
    const mix = mixPeaks({
      ...base,
      source: { peaks: flat(10, 0.2), gain: 1 },
      tracks: [{ peaks: flat(3, 0.5), gain: 0.5, offsetMs: 2000, ducked: false }],
    });
    expect(at(mix, 1000)).toBeCloseTo(0.2);
    expect(at(mix, 2000)).toBeCloseTo(0.45);
    expect(at(mix, 4900)).toBeCloseTo(0.45);
    expect(at(mix, 5000)).toBeCloseTo(0.2);
    expect(mix.min[25]).toBeCloseTo(-0.45);
  });

  it('plays only the trimmed part of a take, from its trim start', () => {
    // The file: 1 s quiet, then 4 s loud; trimmed to start at 1 s and last 2 s, placed at 6 s.
    const file: PeakEnvelope = {
      pointsPerSecond: 10,
      min: [...new Array<number>(10).fill(-0.1), ...new Array<number>(40).fill(-0.8)],
      max: [...new Array<number>(10).fill(0.1), ...new Array<number>(40).fill(0.8)],
    };
    const mix = mixPeaks({
      ...base,
      tracks: [
        {
          peaks: file,
          gain: 1,
          offsetMs: 6000,
          trimStartMs: 1000,
          lengthMs: 2000,
          fileDurationMs: 5000,
          ducked: false,
        },
      ],
    });
    expect(at(mix, 5900)).toBe(0);
    expect(at(mix, 6000)).toBeCloseTo(0.8);
    expect(at(mix, 7900)).toBeCloseTo(0.8);
    expect(at(mix, 8000)).toBe(0);
  });

  it('leaves out a muted track (gain 0) and clips at full scale', () => {
    const mix = mixPeaks({
      ...base,
      tracks: [
        { peaks: flat(10, 0.7), gain: 1, offsetMs: 0, ducked: false },
        { peaks: flat(10, 0.7), gain: 1, offsetMs: 0, ducked: false },
        { peaks: flat(10, 0.9), gain: 0, offsetMs: 0, ducked: false },
      ],
    });
    expect(at(mix, 500)).toBe(1);
    expect(mix.min[5]).toBe(-1);
  });

  it('ducks the music while the source is loud, holding through short pauses', () => {
    // Source: loud 0–2 s, silent 2–2.5 s, loud 2.5–3 s, then silent.
    const loud = new Array<number>(100).fill(0);
    for (let i = 0; i < 30; i++) if (i < 20 || i >= 25) loud[i] = 0.5;
    const source: PeakEnvelope = {
      pointsPerSecond: 10,
      min: new Array<number>(100).fill(0),
      max: loud,
    };
    const music = { peaks: flat(10, 0.5), gain: 1, offsetMs: 0, ducked: true };
    const sfx = { peaks: flat(10, 0.1), gain: 1, offsetMs: 0, ducked: false };
    const mix = mixPeaks({
      ...base,
      source: { peaks: source, gain: 0 },
      tracks: [music, sfx],
      duck: { depthDb: 20, thresholdDb: -30, holdMs: 850 },
    });
    // Ducked: the music at a tenth (20 dB), the SFX as it is; the muted source adds nothing.
    expect(at(mix, 1000)).toBeCloseTo(0.15);
    expect(at(mix, 2200)).toBeCloseTo(0.15);
    expect(at(mix, 3500)).toBeCloseTo(0.15);
    expect(at(mix, 5000)).toBeCloseTo(0.6);
  });
});
