import { describe, expect, it } from 'vitest';
import { readCueNumber } from '../go-to-cue';

describe('readCueNumber', () => {
  it('takes a 1-based number inside the script', () => {
    expect(readCueNumber('1', 3)).toEqual({ index: 0 });
    expect(readCueNumber(' 3 ', 3)).toEqual({ index: 2 });
  });

  it('says which numbers exist when the number is outside the script', () => {
    expect(readCueNumber('4', 3)).toEqual({
      error: 'There is no cue 4. Type a number from 1 to 3.',
    });
    expect(readCueNumber('0', 3)).toEqual({
      error: 'There is no cue 0. Type a number from 1 to 3.',
    });
    expect(readCueNumber('2', 1)).toEqual({ error: 'There is no cue 2. It has only cue 1.' });
  });

  it('refuses what is not a whole number, and an empty script', () => {
    expect(readCueNumber('', 3)).toHaveProperty('error');
    expect(readCueNumber('-1', 3)).toHaveProperty('error');
    expect(readCueNumber('1.5', 3)).toHaveProperty('error');
    expect(readCueNumber('1', 0)).toEqual({ error: 'This script has no cues yet.' });
  });
});
