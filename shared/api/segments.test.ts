import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { checkSegments, parseSegmentsField, type Segment } from './segments';

const seg = (start: number, end: number, prompt = 'door slam'): Segment => ({ start, end, prompt });
const VALID = [seg(0, 2.5), seg(2.5, 6), seg(6, 10)];

describe('checkSegments', () => {
  it('accepts a valid contiguous list, with and without a duration', () => {
    expect(checkSegments(VALID)).toEqual([]);
    expect(checkSegments(VALID, 10)).toEqual([]);
    expect(checkSegments([seg(0, 1)], 1)).toEqual([]);
  });

  it('accepts the tolerances the service applies', () => {
    expect(checkSegments([seg(0.001, 2), seg(2.01, 4), seg(3.99, 10.05)], 10)).toEqual([]);
    expect(checkSegments([seg(-0.001, 2)])).toEqual([]);
    // The list need not reach the end of the media.
    expect(checkSegments([seg(0, 3)], 60)).toEqual([]);
  });

  it.each<[string, Segment[], number | undefined, { index: number; field: string }]>([
    ['an empty list', [], undefined, { index: -1, field: 'list' }],
    ['a first start after 0', [seg(0.002, 2)], undefined, { index: 0, field: 'start' }],
    ['a first start before 0', [seg(-0.5, 2)], undefined, { index: 0, field: 'start' }],
    ['an end equal to its start', [seg(0, 2), seg(2, 2)], undefined, { index: 1, field: 'end' }],
    ['an end before its start', [seg(0, 2), seg(2, 1)], undefined, { index: 1, field: 'end' }],
    [
      'a gap of more than 0.01 s',
      [seg(0, 2), seg(2.02, 4)],
      undefined,
      { index: 1, field: 'start' },
    ],
    [
      'an overlap of more than 0.01 s',
      [seg(0, 2), seg(1.98, 4)],
      undefined,
      { index: 1, field: 'start' },
    ],
    ['an empty prompt', [seg(0, 2, '')], undefined, { index: 0, field: 'prompt' }],
    ['a blank prompt', [seg(0, 2, '   ')], undefined, { index: 0, field: 'prompt' }],
    [
      'a prompt over 200 characters',
      [seg(0, 2, 'a'.repeat(201))],
      undefined,
      { index: 0, field: 'prompt' },
    ],
    [
      'a last end past duration + 0.05 s',
      [seg(0, 5), seg(5, 10.06)],
      10,
      { index: 1, field: 'end' },
    ],
    [
      'a start that is not a number',
      [seg(0, 2), seg(Number.NaN, 4)],
      undefined,
      { index: 1, field: 'start' },
    ],
  ])('reports %s', (_label, segments, duration, where) => {
    const problems = checkSegments(segments, duration);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toContainEqual(expect.objectContaining(where));
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(0);
  });

  it('allows exactly 30 items and refuses 31', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => seg(i, i + 1));
    expect(checkSegments(make(LIMITS.segments.maxItems))).toEqual([]);
    expect(checkSegments(make(LIMITS.segments.maxItems + 1))).toContainEqual(
      expect.objectContaining({ index: -1, field: 'list' }),
    );
  });

  it('counts prompt length in characters, not UTF-16 units', () => {
    expect(checkSegments([seg(0, 1, '🎵'.repeat(200))])).toEqual([]);
    expect(checkSegments([seg(0, 1, '🎵'.repeat(201))])).toHaveLength(1);
  });
});

describe('parseSegmentsField', () => {
  it('parses JSON text, compact or spaced, and numbers given as strings', () => {
    expect(parseSegmentsField('[{"start":0,"end":2,"prompt":"a"}]')).toEqual([seg(0, 2, 'a')]);
    expect(
      parseSegmentsField(
        '[{"start": 0, "end": 2.5, "prompt": "a"}, {"start": "2.5", "end": "4", "prompt": "b"}]',
      ),
    ).toEqual([seg(0, 2.5, 'a'), seg(2.5, 4, 'b')]);
  });

  it('keeps extra keys out and passes sub-second values through unrounded', () => {
    expect(parseSegmentsField('[{"start":0,"end":0.333,"prompt":"a","label":"intro"}]')).toEqual([
      seg(0, 0.333, 'a'),
    ]);
  });

  it.each([
    ['not JSON', '[{start:0}]'],
    ['not a list', '{"start":0,"end":1,"prompt":"a"}'],
    ['an item that is not an object', '[1]'],
    ['a null item', '[null]'],
    ['a missing end (music shape)', '[{"start":0,"prompt":"a"}]'],
    ['a non-string prompt', '[{"start":0,"end":1,"prompt":5}]'],
    ['a blank number string', '[{"start":"","end":1,"prompt":"a"}]'],
    ['a word for a number', '[{"start":"zero","end":1,"prompt":"a"}]'],
  ])('returns null for %s', (_label, text) => {
    expect(parseSegmentsField(text)).toBeNull();
  });

  it('accepts JSON up to 40 000 characters and refuses longer text', () => {
    const item = '{"start":0,"end":1,"prompt":"a"}';
    const padded = (length: number) => `[${item}${' '.repeat(length - item.length - 2)}]`;
    expect(parseSegmentsField(padded(LIMITS.segments.rawJsonMaxChars))).toEqual([seg(0, 1, 'a')]);
    expect(parseSegmentsField(padded(LIMITS.segments.rawJsonMaxChars + 1))).toBeNull();
  });
});
