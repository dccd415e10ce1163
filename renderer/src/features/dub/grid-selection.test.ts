import { describe, expect, it } from 'vitest';
import { rowAfterRemoval } from './grid-selection';

const videos = ['a', 'b', 'c', 'd', 'e'];

describe('the row focus moves to after Delete', () => {
  it('is the next remaining row down, in the removed block’s place', () => {
    expect(rowAfterRemoval(videos, new Set(['b', 'c']), 1)).toBe(1); // d, now second
  });

  it('is the selection’s top row when that one stayed (it was sent)', () => {
    expect(rowAfterRemoval(videos, new Set(['c']), 1)).toBe(1); // b
  });

  it('is the last remaining row when the removed rows were at the end', () => {
    expect(rowAfterRemoval(videos, new Set(['d', 'e']), 3)).toBe(2); // c
  });

  it('is none when every row went', () => {
    expect(rowAfterRemoval(videos, new Set(videos), 0)).toBe(-1);
  });
});
