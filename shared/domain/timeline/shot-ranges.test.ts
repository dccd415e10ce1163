import { describe, expect, it } from 'vitest';
import {
  LEAD_IN_MS,
  MIN_RANGE_MS,
  planEqualRanges,
  planShotRanges,
  rangeOwns,
} from './shot-ranges';

describe('planShotRanges', () => {
  it('scans a file of unknown or short duration in one range', () => {
    const whole = [{ fromMs: 0, toMs: Infinity, decodeFromMs: 0 }];
    expect(planShotRanges(null, 4)).toEqual(whole);
    expect(planShotRanges(0, 4)).toEqual(whole);
    expect(planShotRanges(MIN_RANGE_MS * 2 - 1, 4)).toEqual(whole);
  });

  it('splits a long file into one range per core, covering it without gaps', () => {
    const ranges = planShotRanges(300_000, 2);
    expect(ranges).toEqual([
      { fromMs: 0, toMs: 150_000, decodeFromMs: 0 },
      { fromMs: 150_000, toMs: Infinity, decodeFromMs: 150_000 - LEAD_IN_MS },
    ]);
  });

  it('never makes a range shorter than the minimum', () => {
    expect(planShotRanges(MIN_RANGE_MS * 3, 8)).toHaveLength(3);
  });
});

describe('planEqualRanges and rangeOwns', () => {
  it('gives every ms to exactly one range, the boundary to the later one', () => {
    const ranges = planEqualRanges(10_000, 3);
    for (const ms of [0, 3333, 3334, 6666, 6667, 6668, 9_999, 12_000]) {
      expect(ranges.filter((range) => rangeOwns(range, ms))).toHaveLength(1);
    }
    expect(rangeOwns(ranges[1]!, ranges[1]!.fromMs)).toBe(true);
    expect(rangeOwns(ranges[0]!, ranges[1]!.fromMs)).toBe(false);
  });

  it('starts each later decoder a lead-in before the range it owns', () => {
    const ranges = planEqualRanges(10_000, 3);
    expect(ranges.map((range) => range.decodeFromMs)).toEqual([
      0,
      3333 - LEAD_IN_MS,
      6667 - LEAD_IN_MS,
    ]);
  });
});
