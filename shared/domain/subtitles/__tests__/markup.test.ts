import { describe, expect, it } from 'vitest';
import { parseMarkup, visibleText } from '../markup';
import { runQc } from '../qc';

const plain = { italic: false, bold: false, underline: false, color: null };

describe('parseMarkup', () => {
  it('turns HTML tags into styled runs', () => {
    expect(parseMarkup('Say <i>hello</i> to <b><u>him</u></b>')).toEqual([
      { ...plain, text: 'Say ' },
      { ...plain, text: 'hello', italic: true },
      { ...plain, text: ' to ' },
      { ...plain, text: 'him', bold: true, underline: true },
    ]);
  });

  it('reads font colours and ASS overrides, dropping positioning', () => {
    expect(parseMarkup('{\\an8}<font color="#ff0000">Red</font> {\\i1}slanted{\\i0} end')).toEqual([
      { ...plain, text: 'Red', color: '#ff0000' },
      { ...plain, text: ' ' },
      { ...plain, text: 'slanted', italic: true },
      { ...plain, text: ' end' },
    ]);
    expect(parseMarkup('{\\c&H0000FF&}blue?')[0]?.color).toBe('#ff0000');
  });

  it('decodes entities and keeps line breaks', () => {
    expect(parseMarkup('Tom &amp; Jerry\\N<i>line two</i>')).toEqual([
      { ...plain, text: 'Tom & Jerry\n' },
      { ...plain, text: 'line two', italic: true },
    ]);
  });
});

describe('counting what a viewer sees', () => {
  it('visibleText drops tags and decodes entities', () => {
    expect(visibleText('{\\an8}<i>Tom &amp; Jerry</i>')).toBe('Tom & Jerry');
  });

  it('line length ignores markup: 42 visible characters in tags pass', () => {
    const line = 'x'.repeat(42);
    const cue = { id: 'c1', startMs: 0, endMs: 6000, text: `{\\an8}<i><b>${line}</b></i>` };
    const issues = runQc([cue], { language: 'de' });
    expect(issues.filter((issue) => issue.rule === 'chars-per-line')).toEqual([]);
    const long = { ...cue, text: `<i>${line}y</i>` };
    expect(runQc([long], { language: 'de' }).some((i) => i.rule === 'chars-per-line')).toBe(true);
  });
});
