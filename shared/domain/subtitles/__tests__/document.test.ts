import { describe, expect, it } from 'vitest';
import { addLanguage, alignedRows } from '../document';
import { cues } from './helpers';

describe('languages side by side', () => {
  const en = cues([0, 1000, 'Hello'], [2000, 3000, 'Bye']);

  it('pairs a translation with the same timing by id, and rows survive a deletion', () => {
    const doc = addLanguage(
      { languages: { en } },
      'es',
      cues([40, 1000, 'Hola'], [2010, 3000, 'Adiós']),
      'en',
    );
    expect(doc.languages.es?.map((c) => c.id)).toEqual(['c1', 'c2']);
    const withoutFirst = { languages: { ...doc.languages, es: doc.languages.es!.slice(1) } };
    expect(
      alignedRows(withoutFirst, ['en', 'es']).map((row) => [
        row.id,
        row.cues.en?.text,
        row.cues.es?.text,
      ]),
    ).toEqual([
      ['c1', 'Hello', undefined],
      ['c2', 'Bye', 'Adiós'],
    ]);
  });

  it('keeps a file with other timing unpaired, though the reader numbers it c1 too', () => {
    const doc = addLanguage({ languages: { en } }, 'es', cues([5000, 6000, 'Otra']), 'en');
    const rows = alignedRows(doc, ['en', 'es']).map((row) => [
      row.cues.en?.text,
      row.cues.es?.text,
    ]);
    expect(rows).toEqual([
      ['Hello', undefined],
      ['Bye', undefined],
      [undefined, 'Otra'],
    ]);
  });

  it('pairs cue by cue: a merged or extra line leaves only its own row unpaired', () => {
    const three = cues([0, 1000, 'One'], [2000, 3000, 'Two'], [4000, 5000, 'Three']);
    const es = cues(
      [30, 1000, 'Uno'],
      [2500, 3100, 'Dos'],
      [3000, 3500, 'Extra'],
      [4100, 5000, 'Tres'],
    );
    const doc = addLanguage({ languages: { en: three } }, 'es', es, 'en');
    expect(
      alignedRows(doc, ['en', 'es']).map((row) => [row.cues.en?.text, row.cues.es?.text]),
    ).toEqual([
      ['One', 'Uno'],
      ['Two', 'Dos'],
      ['Three', 'Tres'],
      [undefined, 'Extra'],
    ]);
  });

  it('never gives an unpaired cue an id a third language already uses', () => {
    let doc = addLanguage({ languages: { en } }, 'es', cues([7000, 8000, 'Siete']), 'en');
    doc = addLanguage(doc, 'fr', cues([9000, 9500, 'Neuf']), 'en');
    const ids = Object.values(doc.languages).flatMap((list) => list.map((cue) => cue.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a new read of the source keeps translations only where the timing still matches', () => {
    const withEs = addLanguage(
      { languages: { en } },
      'es',
      cues([0, 1000, 'Hola'], [2000, 3000, 'Adiós']),
      'en',
    );
    const revised = cues([0, 900, 'Hello!'], [4000, 4400, 'New line'], [6000, 7000, 'Bye']);
    const doc = addLanguage(withEs, 'en', revised, 'en');
    expect(
      alignedRows(doc, ['en', 'es']).map((row) => [row.cues.en?.text, row.cues.es?.text]),
    ).toEqual([
      ['Hello!', 'Hola'],
      ['New line', undefined],
      ['Bye', undefined],
      [undefined, 'Adiós'],
    ]);
  });
});
