import { describe, expect, it } from 'vitest';
import { mergeCues, nextId, splitCue } from '../split-merge';
import { cues } from './helpers';

const en = cues([1000, 5000, 'We should go now before it rains'], [6000, 8000, 'Agreed.']);
const es = cues([1000, 5000, 'Deberíamos irnos antes de que llueva'], [6000, 8000, 'De acuerdo.']);

describe('split', () => {
  it('cuts the focused text at the caret and every other language at the nearest word', () => {
    const caret = 'We should go now'.length;
    const result = splitCue({ en, es }, 'c1', { language: 'en', caret });
    if (!result.ok) throw new Error(result.message);
    expect(result.newId).toBe('c1.1');
    const cut = Math.round(1000 + 4000 * (caret / en[0]!.text.length));
    expect(result.languages['en']!.slice(0, 2)).toEqual([
      { id: 'c1', startMs: 1000, endMs: cut, text: 'We should go now' },
      { id: 'c1.1', startMs: cut, endMs: 5000, text: 'before it rains' },
    ]);
    const [left, right] = result.languages['es']!;
    expect(left).toMatchObject({ id: 'c1', endMs: cut, text: 'Deberíamos irnos' });
    expect(right).toMatchObject({ id: 'c1.1', startMs: cut, text: 'antes de que llueva' });
    expect(result.languages['es']![2]).toBe(es[1]);
  });

  it('splits at the middle word boundary when the caret is not in the text', () => {
    const result = splitCue({ en: cues([0, 2000, 'one two three four']) }, 'c1');
    if (!result.ok) throw new Error(result.message);
    expect(result.languages['en']!.map((c) => c.text)).toEqual(['one two', 'three four']);
    // The caret-less split cuts time at the same proportion as the text.
    expect(result.languages['en']![0]!.endMs).toBe(Math.round((7 / 18) * 2000));
  });

  it('splits text without spaces (CJK) at the proportional character', () => {
    const result = splitCue({ ja: cues([0, 1000, 'あいうえ']) }, 'c1', {
      language: 'ja',
      caret: 2,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.languages['ja']!.map((c) => c.text)).toEqual(['あい', 'うえ']);
    expect(result.languages['ja']![0]!.endMs).toBe(500);
  });

  it('refuses an unknown or too short cue', () => {
    expect(splitCue({ en }, 'nope')).toMatchObject({ ok: false });
    const short = splitCue({ en: cues([10, 11, 'a b']) }, 'c1');
    expect(short.ok).toBe(false);
  });
});

describe('merge', () => {
  it('joins a cue with the next in every language, from first start to second end', () => {
    const result = mergeCues({ en, es }, ['c1', 'c2']);
    if (!result.ok) throw new Error(result.message);
    expect(result.languages['en']).toEqual([
      { id: 'c1', startMs: 1000, endMs: 8000, text: 'We should go now before it rains\nAgreed.' },
    ]);
    expect(result.languages['es']![0]!.text).toBe(
      'Deberíamos irnos antes de que llueva\nDe acuerdo.',
    );
  });

  it('undoes a split exactly when merged back (texts aside from the cut whitespace)', () => {
    const split = splitCue({ en }, 'c2', { language: 'en', caret: 3 });
    if (!split.ok) throw new Error(split.message);
    const merged = mergeCues(split.languages, ['c2', split.newId]);
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.languages['en']![1]).toEqual({ ...en[1]!, text: 'Agr\need.' });
  });

  it('refuses cues that are not neighbours, or a last cue with nothing after it', () => {
    const three = cues([0, 1, 'a'], [2, 3, 'b'], [4, 5, 'c']);
    expect(mergeCues({ en: three }, ['c1', 'c3'])).toMatchObject({ ok: false });
    expect(mergeCues({ en: three }, ['c3'])).toMatchObject({ ok: false });
    expect(nextId(three, 'c3')).toBeUndefined();
    expect(nextId(three, 'c1')).toBe('c2');
  });

  it('keeps rows aligned when a language lacks one of the cues', () => {
    const result = mergeCues({ en, es: [es[1]!] }, ['c1', 'c2']);
    if (!result.ok) throw new Error(result.message);
    expect(result.languages['es']).toEqual([
      { id: 'c1', startMs: 1000, endMs: 8000, text: 'De acuerdo.' },
    ]);
  });
});
