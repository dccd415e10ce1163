import { describe, expect, it } from 'vitest';
import type { GlossaryRules } from '../glossary';
import { glossaryFromCsv, glossaryToCsv, parseCsv } from '../glossary-csv';

const glossary: GlossaryRules = {
  terms: [
    { source: 'sound stage', targets: { es: 'escenario, sonoro', fr: 'plateau "son"' } },
    { source: 'take', targets: { es: 'toma' } },
  ],
  doNotTranslate: ['Soundstage'],
};

describe('glossary CSV', () => {
  it('round-trips terms and do-not-translate words with RFC 4180 quoting', () => {
    const csv = glossaryToCsv(glossary);
    expect(csv.split('\r\n')[0]).toBe('term,es,fr,keep');
    expect(csv).toContain('"escenario, sonoro","plateau ""son"""');
    expect(glossaryFromCsv(csv)).toEqual({ ok: true, glossary });
  });

  it('reads quoted line breaks and counts lines from the record start', () => {
    const parsed = parseCsv('a,b\r\n"x\ny",z\nlast,row');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x\ny', 'z'] },
        { line: 4, fields: ['last', 'row'] },
      ],
    });
  });

  it('reports a malformed row by its line and imports nothing', () => {
    expect(glossaryFromCsv('term,es,keep\ncat,gato,\ndog,perro\n')).toMatchObject({
      ok: false,
      line: 3,
    });
    expect(glossaryFromCsv('term,es\ncat,gato\nba"d,x\n')).toMatchObject({ ok: false, line: 3 });
    expect(glossaryFromCsv('term,es\n"open,x\n')).toMatchObject({ ok: false, line: 2 });
    expect(glossaryFromCsv('word,es\n')).toMatchObject({ ok: false, line: 1 });
  });
});
