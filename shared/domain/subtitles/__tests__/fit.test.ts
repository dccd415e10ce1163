import { describe, expect, it } from 'vitest';
import { estimateFit, FIT_WARNING_RATIO } from '../fit';
import { cues } from './helpers';

describe('fit estimate', () => {
  const [cue] = cues([0, 2000, 'This sentence has thirty characters'.slice(0, 30)]);

  it('an English line spoken in English: 30 chars at 15/s = 2 s in a 2 s slot fits', () => {
    expect(estimateFit(cue!, { textLanguage: 'en' })).toEqual({
      cueId: 'c1',
      spokenMs: 2000,
      slotMs: 2000,
      ratio: 1,
      verdict: 'fits',
    });
  });

  it('the same English line dubbed into Spanish runs about 25% longer: tight', () => {
    const fit = estimateFit(cue!, { textLanguage: 'en', spokenLanguage: 'es' });
    expect(fit.ratio).toBe(1.25);
    expect(fit.verdict).toBe('tight');
  });

  it(`warns above ${FIT_WARNING_RATIO}x and names cues without a slot`, () => {
    const [short, reversed] = cues([0, 1000, 'A line far too long for one second.'], [5, 5, 'x']);
    expect(estimateFit(short!, { textLanguage: 'fr' }).verdict).toBe('too_long');
    expect(estimateFit(reversed!, { textLanguage: 'fr' }).verdict).toBe('no_slot');
  });

  it('CJK characters are spoken slower per character', () => {
    const [zh] = cues([0, 2000, '感谢您的观看我们下次再见']);
    expect(estimateFit(zh!, { textLanguage: 'zh_cn' }).spokenMs).toBe(2000);
  });
});
