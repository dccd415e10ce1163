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

  it('keeps a file with other timing unpaired', () => {
    const other = cues([5000, 6000, 'Otra']).map((c) => ({ ...c, id: 'x1' }));
    const doc = addLanguage({ languages: { en } }, 'es', other, 'en');
    expect(alignedRows(doc, ['en', 'es']).map((row) => row.id)).toEqual(['c1', 'c2', 'x1']);
  });
});
