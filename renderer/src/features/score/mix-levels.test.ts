import { describe, expect, it } from 'vitest';
import { scorePartSchema } from '../../../../shared/domain/project/document';
import { decodePeaks } from '../../editor/timeline';
import { audibleGainsDb, duckFactor, sourceLevelDb } from './mix-levels';

const mix = scorePartSchema.parse({ lanes: {} }).mix;

describe('audibleGainsDb', () => {
  it('passes each lane gain through when nothing is muted or soloed', () => {
    const gains = audibleGainsDb({ ...mix, music: { ...mix.music, gainDb: -6 } });
    expect(gains).toEqual({ source: 0, music: -6, sfx: 0, audio: 0 });
  });

  it('silences muted lanes, and every other lane once one is soloed', () => {
    expect(audibleGainsDb({ ...mix, sfx: { ...mix.sfx, muted: true } }).sfx).toBeNull();
    const solo = audibleGainsDb({ ...mix, music: { ...mix.music, solo: true, gainDb: 3 } });
    expect(solo).toEqual({ source: null, music: 3, sfx: null, audio: null });
  });

  it('keeps a lane that is both soloed and muted silent', () => {
    const gains = audibleGainsDb({ ...mix, music: { gainDb: 0, solo: true, muted: true } });
    expect(gains.music).toBeNull();
  });
});

describe('duck preview levels', () => {
  // 10 buckets per second: silence for 1 s, a loud burst at 1.0–1.2 s, silence after.
  const bytes = new Int8Array(2 * 30);
  for (const bucket of [10, 11]) {
    bytes[2 * bucket] = -100;
    bytes[2 * bucket + 1] = 110;
  }
  const peaks = decodePeaks({
    pointsPerSecond: 10,
    durationMs: 3000,
    peaks: btoa(String.fromCharCode(...Array.from(bytes, (b) => b & 0xff))),
  });

  it('reads silence as -Infinity and a burst near its peak', () => {
    expect(sourceLevelDb(peaks, 500, 0)).toBe(-Infinity);
    expect(sourceLevelDb(peaks, 1050, 0)).toBeCloseTo(20 * Math.log10(110 / 127), 5);
  });

  it('holds the level through a short pause after the burst, not a long one', () => {
    expect(duckFactor(sourceLevelDb(peaks, 1700), 12)).toBeCloseTo(10 ** (-12 / 20), 6);
    expect(duckFactor(sourceLevelDb(peaks, 2500), 12)).toBe(1);
  });
});
