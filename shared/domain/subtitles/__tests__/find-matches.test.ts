import { describe, expect, it } from 'vitest';
import { findMatches, replaceOne, stepMatch, type FindMatch } from '../find-matches';
import type { FindQuery } from '../find-replace';

const cells = [
  { language: 'en', cueId: 'c1', text: 'The cat and the catalogue' },
  { language: 'es', cueId: 'c1', text: 'El gato' },
  { language: 'en', cueId: 'c2', text: 'Cat food, cat toys' },
];
const query = (patch: Partial<FindQuery>): FindQuery => ({
  find: 'cat',
  replace: 'dog',
  regex: false,
  matchCase: false,
  ...patch,
});
const list = (result: FindMatch[] | { error: string }) => {
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('findMatches', () => {
  it('lists matches in table order, honouring case and whole word', () => {
    const all = list(findMatches(cells, query({})));
    expect(all.map((m) => `${m.cueId}:${m.start}`)).toEqual(['c1:4', 'c1:16', 'c2:0', 'c2:10']);
    const whole = list(findMatches(cells, query({ wholeWord: true, matchCase: true })));
    expect(whole.map((m) => `${m.cueId}:${m.start}`)).toEqual(['c1:4', 'c2:10']);
  });

  it('reports a bad regex instead of matching', () => {
    expect(findMatches(cells, query({ regex: true, find: '(' }))).toHaveProperty('error');
  });
});

describe('stepMatch', () => {
  const all = list(findMatches(cells, query({})));
  it('goes forward from the cursor and wraps around', () => {
    expect(stepMatch(all, null, 1)).toBe(0);
    expect(stepMatch(all, { cell: 0, offset: 5 }, 1)).toBe(1);
    expect(stepMatch(all, { cell: 2, offset: 11 }, 1)).toBe(0);
  });
  it('goes back and wraps around', () => {
    expect(stepMatch(all, { cell: 2, offset: 0 }, -1)).toBe(1);
    expect(stepMatch(all, { cell: 0, offset: 4 }, -1)).toBe(3);
    expect(stepMatch([], null, 1)).toBe(-1);
  });
});

describe('replaceOne', () => {
  it('replaces only the match given, and says where the replacement ends', () => {
    expect(replaceOne('cat cat', { start: 4, end: 7 }, query({}))).toEqual({
      text: 'cat dog',
      end: 7,
    });
  });
  it('expands regex groups and keeps whole-word context', () => {
    const regex = query({ regex: true, find: '(c)at', replace: '$1ow', wholeWord: true });
    expect(replaceOne('a cat', { start: 2, end: 5 }, regex)).toEqual({ text: 'a cow', end: 5 });
  });
  it('refuses when the text no longer matches there', () => {
    expect(replaceOne('dog', { start: 0, end: 3 }, query({}))).toHaveProperty('error');
  });
});
