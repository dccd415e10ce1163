import { describe, expect, it } from 'vitest';
import { acceptedWordSet, flaggedWords, replaceWord, spellWords } from '../spelling';

describe('spellWords', () => {
  it('takes the visible words, keeping inner apostrophes and hyphens', () => {
    expect(spellWords("<i>Don't</i> go to the arc-en-ciel &amp; wait")).toEqual([
      "Don't",
      'go',
      'to',
      'the',
      'arc-en-ciel',
      'wait',
    ]);
  });

  it('skips single letters, numbers and acronyms', () => {
    expect(spellWords('I saw NASA at 10pm, 42 times: a niño')).toEqual([
      'saw',
      'at',
      'times',
      'niño',
    ]);
  });
});

describe('accepted words', () => {
  it('splits glossary terms, do-not-translate and dictionary entries into lower-case words', () => {
    const set = acceptedWordSet({
      glossarySources: ['Soundstage Pro'],
      glossaryTargets: ['Estudio'],
      doNotTranslate: ['Zyx'],
      dictionary: ['frobnicate'],
    });
    expect([...set].sort()).toEqual(['estudio', 'frobnicate', 'pro', 'soundstage', 'zyx']);
  });

  it('flags each rejected word once, unless the project accepts it', () => {
    const wrong = new Set(['wrold', 'Zyx']);
    const flagged = flaggedWords(
      ['wrold', 'Zyx', 'wrold', 'fine'],
      (w) => wrong.has(w),
      new Set(['zyx']),
    );
    expect(flagged).toEqual(['wrold']);
  });
});

describe('replaceWord', () => {
  it('replaces whole words only', () => {
    expect(replaceWord('teh cat, tehran teh', 'teh', 'the')).toBe('the cat, tehran the');
    expect(replaceWord('año', 'an', 'x')).toBe('año');
  });
});
