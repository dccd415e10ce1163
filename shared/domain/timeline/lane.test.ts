import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../project/document';
import { fromApiSegments, laneEdgesMs, laneProblems, segmentIndexAt, toApiSegments } from './lane';
import { snapMs } from './snap';

const seg = (
  id: string,
  startMs: number,
  endMs: number,
  prompt = 'warm strings',
): TimelineSegment => ({
  id,
  startMs,
  endMs,
  prompt,
});
const LANE = [seg('a', 0, 2500), seg('b', 2500, 6000), seg('c', 6000, 10_000)];

describe('laneProblems', () => {
  it('finds nothing wrong with a valid lane or an empty one', () => {
    expect(laneProblems(LANE, 10_000)).toEqual([]);
    expect(laneProblems(LANE)).toEqual([]);
    expect(laneProblems([], 10_000)).toEqual([]);
  });

  it.each<
    [string, TimelineSegment[], number | undefined, { segmentId: string | null; code: string }]
  >([
    [
      'a gap',
      [seg('a', 0, 2000), seg('b', 2100, 4000)],
      undefined,
      { segmentId: 'b', code: 'not-contiguous' },
    ],
    [
      'a first start after 0',
      [seg('a', 500, 2000)],
      undefined,
      { segmentId: 'a', code: 'not-contiguous' },
    ],
    [
      'an empty segment',
      [seg('a', 0, 2000), seg('b', 2000, 2000)],
      undefined,
      { segmentId: 'b', code: 'not-after-start' },
    ],
    ['an end past the video', LANE, 9000, { segmentId: 'c', code: 'past-duration' }],
    [
      'a blank prompt',
      [seg('a', 0, 1000, '  ')],
      undefined,
      { segmentId: 'a', code: 'prompt-length' },
    ],
    [
      'a 201-character prompt',
      [seg('a', 0, 1000, 'x'.repeat(201))],
      undefined,
      { segmentId: 'a', code: 'prompt-length' },
    ],
    [
      '31 segments',
      Array.from({ length: 31 }, (_, i) => seg(`s${i}`, i * 100, i * 100 + 100)),
      undefined,
      { segmentId: null, code: 'too-many' },
    ],
    [
      'a repeated id',
      [seg('a', 0, 1000), seg('a', 1000, 2000)],
      undefined,
      { segmentId: 'a', code: 'duplicate-id' },
    ],
  ])('reports %s on the right segment, with the API words', (_name, lane, durationMs, expected) => {
    const problems = laneProblems(lane, durationMs);
    expect(problems).toContainEqual(expect.objectContaining(expected));
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(5);
  });

  it('accepts a last end inside the tolerance the service applies', () => {
    expect(laneProblems([seg('a', 0, 10_040)], 10_000)).toEqual([]);
  });

  it('counts a 200-character prompt as valid, by characters not UTF-16 units', () => {
    expect(laneProblems([seg('a', 0, 1000, '🎻'.repeat(200))])).toEqual([]);
  });
});

describe('API segment JSON', () => {
  it('converts ms to seconds and back without loss', () => {
    const api = toApiSegments(LANE);
    expect(api).toEqual([
      { start: 0, end: 2.5, prompt: 'warm strings' },
      { start: 2.5, end: 6, prompt: 'warm strings' },
      { start: 6, end: 10, prompt: 'warm strings' },
    ]);
    const ids = LANE.map((segment) => segment.id);
    const back = fromApiSegments(api, (index) => ids[index]!, 10_000);
    expect(back).toEqual({ segments: LANE, problems: [] });
    expect(JSON.parse(JSON.stringify(toApiSegments(back.segments)))).toEqual(api);
  });

  it('rounds odd milliseconds exactly through a JSON round trip', () => {
    const lane = [seg('a', 0, 1), seg('b', 1, 333), seg('c', 333, 359_999)];
    const text = JSON.stringify(toApiSegments(lane));
    const back = fromApiSegments(JSON.parse(text), (i) => ['a', 'b', 'c'][i]!);
    expect(back.segments).toEqual(lane);
  });

  it('joins starts within the API tolerance so the lane is exactly contiguous', () => {
    const back = fromApiSegments(
      [
        { start: 0.001, end: 2, prompt: 'a' },
        { start: 2.008, end: 4.5, prompt: 'b' },
      ],
      (i) => `s${i}`,
    );
    expect(back.segments.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 2000],
      [2000, 4500],
    ]);
    expect(back.problems).toEqual([]);
  });

  it('keeps a real gap and reports it, never throws on junk numbers', () => {
    const back = fromApiSegments(
      [
        { start: 0, end: 2, prompt: 'a' },
        { start: 3, end: Number.NaN, prompt: 'b' },
      ],
      (i) => `s${i}`,
      10_000,
    );
    expect(back.segments[1]).toMatchObject({ startMs: 3000, endMs: 0 });
    expect(back.problems.map((p) => p.segmentId)).toContain('s1');
  });
});

describe('lane helpers', () => {
  it('finds the segment covering a time, start inclusive, end exclusive', () => {
    expect(segmentIndexAt(LANE, 0)).toBe(0);
    expect(segmentIndexAt(LANE, 2499)).toBe(0);
    expect(segmentIndexAt(LANE, 2500)).toBe(1);
    expect(segmentIndexAt(LANE, 10_000)).toBe(-1);
  });

  it('lists every edge', () => {
    expect(laneEdgesMs(LANE)).toEqual([0, 2500, 6000, 10_000]);
    expect(laneEdgesMs([])).toEqual([]);
  });
});

describe('snapMs', () => {
  it.each([
    [1000, [900, 1080], 100, 1080, 1080],
    [1000, [900, 1100], 100, 900, 900],
    [1000, [1200], 100, 1000, null],
    [1000, [], 100, 1000, null],
    [1000, [1000], 0, 1000, 1000],
  ])('snaps %i to %j within %i ms -> %i', (ms, targets, tolerance, expectedMs, expectedTarget) => {
    expect(snapMs(ms, targets, tolerance)).toEqual({ ms: expectedMs, snappedToMs: expectedTarget });
  });
});
