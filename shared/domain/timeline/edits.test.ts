import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../project/document';
import {
  deleteSegment,
  insertSegment,
  mergeWithNext,
  moveBoundary,
  rippleDeleteSegment,
  setPrompt,
  splitSegment,
} from './edits';

const seg = (id: string, startMs: number, endMs: number, prompt = id): TimelineSegment => ({
  id,
  startMs,
  endMs,
  prompt,
});
const LANE = [seg('a', 0, 2000), seg('b', 2000, 5000), seg('c', 5000, 9000)];
const spans = (lane: readonly TimelineSegment[]) =>
  lane.map((s) => `${s.id}:${s.startMs}-${s.endMs}`);
const codes = (edit: { problems: { code: string }[] }) => edit.problems.map((p) => p.code);

describe('splitSegment', () => {
  it('cuts the covering segment; the left keeps the id, both keep the prompt', () => {
    const edit = splitSegment(LANE, 3000, 'n');
    expect(spans(edit.segments)).toEqual(['a:0-2000', 'b:2000-3000', 'n:3000-5000', 'c:5000-9000']);
    expect(edit.segments[2]!.prompt).toBe('b');
    expect(edit.problems).toEqual([]);
    expect(spans(LANE)).toEqual(['a:0-2000', 'b:2000-5000', 'c:5000-9000']);
  });

  it.each<[string, number, string, string]>([
    ['outside the lane', 9500, 'n', 'not-found'],
    ['too close to an edge', 2050, 'n', 'too-short'],
    ['with an id already used', 3000, 'c', 'duplicate-id'],
  ])('refuses a split %s and leaves the lane as it was', (_name, at, id, code) => {
    const edit = splitSegment(LANE, at, id);
    expect(codes(edit)).toEqual([code]);
    expect(edit.segments).toEqual(LANE);
  });

  it('refuses a 31st segment', () => {
    const full = Array.from({ length: 30 }, (_, i) => seg(`s${i}`, i * 1000, i * 1000 + 1000));
    expect(codes(splitSegment(full, 500, 'n'))).toEqual(['too-many']);
  });
});

describe('mergeWithNext', () => {
  it('takes the next end and keeps its own id and prompt', () => {
    const edit = mergeWithNext(LANE, 'a');
    expect(spans(edit.segments)).toEqual(['a:0-5000', 'c:5000-9000']);
    expect(edit.segments[0]!.prompt).toBe('a');
  });

  it('refuses the last segment and an unknown id', () => {
    expect(codes(mergeWithNext(LANE, 'c'))).toEqual(['no-next']);
    expect(codes(mergeWithNext(LANE, 'zz'))).toEqual(['not-found']);
  });
});

describe('moveBoundary', () => {
  const opts = { durationMs: 10_000 };

  it('moves an inner edge and both neighbours follow', () => {
    const edit = moveBoundary(LANE, 1, 2600, opts);
    expect(spans(edit.segments)).toEqual(['a:0-2600', 'b:2600-5000', 'c:5000-9000']);
    expect(edit.snappedToMs).toBeNull();
    expect(edit.problems).toEqual([]);
  });

  it('snaps to the nearest target within tolerance and says so', () => {
    const edit = moveBoundary(LANE, 2, 4300, {
      ...opts,
      snapTargetsMs: [4200, 7000],
      snapToleranceMs: 150,
    });
    expect(spans(edit.segments)).toEqual(['a:0-2000', 'b:2000-4200', 'c:4200-9000']);
    expect(edit.snappedToMs).toBe(4200);
  });

  it('does not snap beyond tolerance', () => {
    const edit = moveBoundary(LANE, 2, 4300, {
      ...opts,
      snapTargetsMs: [4000],
      snapToleranceMs: 150,
    });
    expect(edit.segments[1]!.endMs).toBe(4300);
    expect(edit.snappedToMs).toBeNull();
  });

  it('holds an edge dragged over a neighbour at the minimum length, naming it', () => {
    const edit = moveBoundary(LANE, 1, 6000, { ...opts, minLengthMs: 100 });
    expect(spans(edit.segments)).toEqual(['a:0-4900', 'b:4900-5000', 'c:5000-9000']);
    expect(edit.problems).toEqual([expect.objectContaining({ segmentId: 'b', code: 'too-short' })]);
    const back = moveBoundary(LANE, 1, -50, opts);
    expect(back.segments[0]!.endMs).toBe(100);
    expect(back.problems[0]).toMatchObject({ segmentId: 'a', code: 'too-short' });
  });

  it('moves the last end up to the duration and no further', () => {
    expect(moveBoundary(LANE, 3, 9500, opts).segments[2]!.endMs).toBe(9500);
    const edit = moveBoundary(LANE, 3, 12_000, opts);
    expect(edit.segments[2]!.endMs).toBe(10_000);
    expect(edit.problems[0]).toMatchObject({ segmentId: 'c', code: 'past-duration' });
  });

  it('does not report a snap that the limits overrode', () => {
    const edit = moveBoundary(LANE, 3, 9900, {
      ...opts,
      durationMs: 9950,
      snapTargetsMs: [10_000],
      snapToleranceMs: 200,
    });
    expect(edit.segments[2]!.endMs).toBe(9950);
    expect(edit.snappedToMs).toBeNull();
  });

  it('returns the very same lane when nothing changes, so there is nothing to record', () => {
    expect(moveBoundary(LANE, 1, 2000, opts).segments).toBe(LANE);
    expect(moveBoundary(LANE, 1, 2600, opts).segments).not.toBe(LANE);
    expect(setPrompt(LANE, 'b', 'b').segments).toBe(LANE);
    expect(splitSegment(LANE, 99_000, 'n').segments).toBe(LANE);
    expect(mergeWithNext(LANE, 'c').segments).toBe(LANE);
  });

  it('keeps the first start at 0 and refuses unknown edges', () => {
    expect(codes(moveBoundary(LANE, 0, 500, opts))).toEqual(['fixed-start']);
    expect(codes(moveBoundary(LANE, 7, 500, opts))).toEqual(['not-found']);
    expect(codes(moveBoundary(LANE, 1.5, 500, opts))).toEqual(['not-found']);
    expect(codes(moveBoundary([], 0, 500, opts))).toEqual(['not-found']);
  });
});

describe('insertSegment', () => {
  it('inside a segment takes the rest of it with its own prompt', () => {
    const edit = insertSegment(LANE, 6000, 'n', { durationMs: 10_000, prompt: 'rain' });
    expect(spans(edit.segments)).toEqual(['a:0-2000', 'b:2000-5000', 'c:5000-6000', 'n:6000-9000']);
    expect(edit.segments[3]!.prompt).toBe('rain');
  });

  it('after the end appends from the end so the lane stays contiguous', () => {
    const edit = insertSegment(LANE, 9000, 'n', { durationMs: 20_000 });
    expect(spans(edit.segments).at(-1)).toBe('n:9000-14000');
    const far = insertSegment(LANE, 12_000, 'n', { durationMs: 15_000 });
    expect(spans(far.segments).at(-1)).toBe('n:9000-15000');
  });

  it('starts an empty lane at 0', () => {
    expect(spans(insertSegment([], 0, 'n', { durationMs: 3000 }).segments)).toEqual(['n:0-3000']);
  });

  it('on an edge says a segment starts there and where the playhead can go instead', () => {
    const edit = insertSegment(LANE, 2000, 'n', { durationMs: 10_000 });
    expect(edit.segments).toBe(LANE);
    expect(edit.problems).toEqual([
      {
        segmentId: 'b',
        code: 'too-short',
        message:
          "A segment already starts at 2 s: move the playhead inside a segment to add one there, or to the lane's end (9 s) to add one after it.",
      },
    ]);
    expect(insertSegment(LANE, 0, 'n', { durationMs: 10_000 }).problems[0]!.message).toMatch(
      /^A segment already starts at 0 s/,
    );
  });

  it('beside an edge names the edge and the distance to keep', () => {
    const edit = insertSegment(LANE, 4950, 'n', { durationMs: 10_000 });
    expect(edit.segments).toBe(LANE);
    expect(edit.problems[0]!.message).toBe(
      'Too close to the segment edge at 5 s: a new segment starts at least 0.1 s from an edge.',
    );
  });

  it('refuses when the lane already reaches the end of the video', () => {
    const edit = insertSegment(LANE, 9000, 'n', { durationMs: 9000 });
    expect(codes(edit)).toEqual(['past-duration']);
    expect(edit.segments).toEqual(LANE);
  });
});

describe('deleteSegment', () => {
  it('lets the previous segment absorb the range', () => {
    expect(spans(deleteSegment(LANE, 'b').segments)).toEqual(['a:0-5000', 'c:5000-9000']);
    expect(spans(deleteSegment(LANE, 'c').segments)).toEqual(['a:0-2000', 'b:2000-9000']);
  });

  it('lets the next absorb the first, and empties a one-segment lane', () => {
    expect(spans(deleteSegment(LANE, 'a').segments)).toEqual(['b:0-5000', 'c:5000-9000']);
    expect(deleteSegment([seg('a', 0, 1000)], 'a').segments).toEqual([]);
    expect(codes(deleteSegment(LANE, 'zz'))).toEqual(['not-found']);
  });
});

describe('rippleDeleteSegment', () => {
  const FOUR = [...LANE, seg('d', 9000, 12_000)];

  it('moves every later segment earlier by its length; the last keeps the lane end', () => {
    const edit = rippleDeleteSegment(FOUR, 'b');
    // b was 3 s long: c starts where b started, d follows, and d stretches to 12 s.
    expect(spans(edit.segments)).toEqual(['a:0-2000', 'c:2000-6000', 'd:6000-12000']);
    expect(edit.segments.map((s) => s.prompt)).toEqual(['a', 'c', 'd']);
    expect(edit.problems).toEqual([]);
  });

  it('pulls the rest to 0 when the first goes, and is a plain delete for the last', () => {
    expect(spans(rippleDeleteSegment(FOUR, 'a').segments)).toEqual([
      'b:0-3000',
      'c:3000-7000',
      'd:7000-12000',
    ]);
    expect(spans(rippleDeleteSegment(FOUR, 'd').segments)).toEqual(
      spans(deleteSegment(FOUR, 'd').segments),
    );
  });

  it('empties a one-segment lane and refuses an unknown id', () => {
    expect(rippleDeleteSegment([seg('a', 0, 1000)], 'a').segments).toEqual([]);
    const edit = rippleDeleteSegment(FOUR, 'zz');
    expect(codes(edit)).toEqual(['not-found']);
    expect(edit.segments).toBe(FOUR);
  });

  it('leaves the input lane as it was', () => {
    const before = JSON.stringify(FOUR);
    rippleDeleteSegment(FOUR, 'b');
    expect(JSON.stringify(FOUR)).toBe(before);
  });
});

describe('setPrompt', () => {
  it('sets the text, keeping blank or long prompts for laneProblems to show', () => {
    expect(setPrompt(LANE, 'b', '').segments[1]!.prompt).toBe('');
    expect(setPrompt(LANE, 'b', 'x'.repeat(300)).problems).toEqual([]);
  });

  it('cuts what a document cannot store, and says so', () => {
    const edit = setPrompt(LANE, 'b', 'x'.repeat(2500));
    expect(edit.segments[1]!.prompt).toHaveLength(2000);
    expect(codes(edit)).toEqual(['prompt-too-long']);
    expect(codes(setPrompt(LANE, 'zz', 'x'))).toEqual(['not-found']);
  });
});
