import { describe, expect, it } from 'vitest';
import type { Cue } from '../cue';
import { alignedRows } from '../document';
import { setCueText, setCueTiming } from '../edits';
import { followRows, type RowLayout } from '../row-layout';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const script = (n: number, word: string): Cue[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${i + 1}`,
    startMs: i * 1000,
    endMs: i * 1000 + 800,
    text: `${word} ${i + 1}`,
  }));

describe('rows that follow edits', () => {
  it('equals a fresh alignment after every edit of a random walk', () => {
    const next = random(3);
    let languages: Record<string, readonly Cue[]> = {
      en: script(30, 'Hello'),
      // A column with a missing cue and one of its own, so rows are not one-to-one.
      es: [
        ...script(30, 'Hola').filter((cue) => cue.id !== 'c4'),
        { id: 'x1', startMs: 0, endMs: 5, text: 'x' },
      ],
      fr: script(30, 'Salut'),
    };
    let shown: readonly string[] = ['en', 'es'];
    let layout: RowLayout | null = null;
    for (let step = 0; step < 400; step += 1) {
      const roll = next();
      const language = ['en', 'es', 'fr'][Math.floor(next() * 3)]!;
      const cues = languages[language]!;
      const target = cues[Math.floor(next() * cues.length)];
      if (roll < 0.5 && target)
        languages = { ...languages, [language]: setCueText(cues, target.id, `t${step}`) };
      else if (roll < 0.7 && target)
        languages = { ...languages, [language]: setCueTiming(cues, target.id, { startMs: step }) };
      else if (roll < 0.8 && target)
        languages = { ...languages, [language]: cues.filter((cue) => cue !== target) };
      else if (roll < 0.9)
        languages = {
          ...languages,
          [language]: [...cues, { id: `n${step}`, startMs: step, endMs: step + 1, text: 'new' }],
        };
      else shown = next() < 0.5 ? ['en', 'es'] : ['fr', 'en'];
      const before: RowLayout | null = layout;
      layout = followRows(layout, languages, shown);
      expect(layout.rows).toEqual(
        alignedRows({ languages: languages as Record<string, Cue[]> }, shown),
      );
      const ids = (list: readonly Cue[] | undefined) => (list ?? []).map((cue) => cue.id).join();
      const sameIds = shown.every((code) => ids(before?.languages[code]) === ids(languages[code]));
      if (before && before.shown === shown && sameIds) {
        // With the same ids in place, rows whose cues are the same objects stay the same rows.
        layout.rows.forEach((row, i) => {
          const old = before.rows[i]!;
          if (old.id === row.id && shown.every((code) => old.cues[code] === row.cues[code]))
            expect(row).toBe(old);
        });
      }
    }
  });

  it('lays out paired columns and repeated ids as alignedRows does', () => {
    const en = script(6, 'Hello');
    const es = script(6, 'Hola');
    expect(followRows(null, { en, es }, ['es', 'en']).rows).toEqual(
      alignedRows({ languages: { en, es } }, ['es', 'en']),
    );
    const repeated = en.map((cue, i) => (i === 4 ? { ...cue, id: 'c2' } : cue));
    const same = es.map((cue, i) => (i === 4 ? { ...cue, id: 'c2' } : cue));
    expect(followRows(null, { en: repeated, es: same }, ['en', 'es']).rows).toEqual(
      alignedRows({ languages: { en: repeated, es: same } }, ['en', 'es']),
    );
  });

  it('replaces only the typed row', () => {
    const languages = { en: script(100, 'Hello'), es: script(100, 'Hola') };
    const first = followRows(null, languages, ['en', 'es']);
    const typed = { ...languages, es: setCueText(languages.es, 'c50', 'Hola!') };
    const next = followRows(first, typed, ['en', 'es']);
    expect(next.rows[49]!.cues.es?.text).toBe('Hola!');
    expect(next.rows[49]).not.toBe(first.rows[49]);
    expect(next.rows.filter((row, i) => row !== first.rows[i])).toHaveLength(1);
  });
});
