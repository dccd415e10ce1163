import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'subtitle';
import { describe, expect, it } from 'vitest';
import { runQc } from '../../domain/subtitles/qc';
import { visibleText } from '../../domain/subtitles/text';
import type { SubtitleRead } from '../../domain/subtitles/file';
import { readSubtitleBytes } from './read';
import { formatSubtitles } from './write';

const FIXTURES = path.join(import.meta.dirname, '__fixtures__');
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

function read(name: string, language?: string): SubtitleRead {
  const outcome = readSubtitleBytes(bytes(name), { filename: name, language });
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.message}`);
  return outcome.value;
}

function refuse(name: string) {
  const outcome = readSubtitleBytes(bytes(name), { filename: name });
  if (outcome.ok) throw new Error(`${name} was read`);
  return outcome.error;
}

const times = (r: SubtitleRead) => r.cues.map((c) => [c.startMs, c.endMs]);
const texts = (r: SubtitleRead) => r.cues.map((c) => c.text);
const repairCodes = (r: SubtitleRead) => r.repairs.map((x) => x.code);

describe('encodings', () => {
  it('reads CRLF and CR line endings and says so', () => {
    for (const name of ['crlf.srt', 'cr-only.srt']) {
      const r = read(name);
      expect(texts(r)).toEqual(['Hello there.', 'Two lines\nof text']);
      expect(times(r)).toEqual([
        [1000, 3500],
        [4250, 6000],
      ]);
      expect(repairCodes(r)).toContain('line-endings');
    }
  });

  it.each([
    ['utf8-bom.srt', 'utf-8-bom', 'Über café — ok'],
    ['utf16le-bom.srt', 'utf-16le', 'Ну, привет — ça va?'],
    ['utf16be-bom.srt', 'utf-16be', '日本語のテキスト'],
    ['utf16le-no-bom.srt', 'utf-16le', 'No byte order mark'],
    ['windows-1252.srt', 'windows-1252', 'Café à la crème, 5 €'],
  ])('%s is read as %s', (name, encoding, first) => {
    const r = read(name);
    expect(r.encoding).toBe(encoding);
    expect(r.cues[0]?.text).toBe(first);
  });

  it('reads UTF-32 and refuses binary, empty and blank files', () => {
    expect(read('utf32le-bom.srt').encoding).toBe('utf-32le');
    expect(refuse('binary.srt').code).toBe('binary_file');
    expect(refuse('empty.srt').code).toBe('empty_file');
    expect(refuse('whitespace-only.srt').code).toBe('empty_file');
  });
});

describe('structure', () => {
  it('starts a new cue at every timing line, even with no blank line before it', () => {
    const r = read('missing-blank-lines.srt');
    expect(texts(r)).toEqual(['First cue', 'Second cue', 'Third cue, no number', 'Fourth']);
    expect(r.repairs.find((x) => x.code === 'missing-blank-line')).toMatchObject({
      count: 2,
      line: 5,
    });
  });

  it('reads 1-digit hours, dots, short fractions and missing milliseconds by their value', () => {
    const r = read('timestamp-quirks.srt');
    expect(times(r)).toEqual([
      [1500, 2250],
      [3000, 5000],
      [6000, 7000],
      [8000, 9000],
    ]);
    expect(repairCodes(r)).toEqual(
      expect.arrayContaining(['short-fraction', 'timestamp-without-ms']),
    );
    // `subtitle` alone reads ",5" as 5 ms: the front is what makes this right.
    expect(parseSync('00:00:01,5 --> 00:00:02,25\nx\n')[0]).toMatchObject({
      data: { start: 1005, end: 2025 },
    });
  });

  it('keeps cues whose number is not a number', () => {
    const r = read('non-numeric-cue-number.srt');
    expect(texts(r)).toEqual(['First', 'Second', 'Third']);
    expect(r.repairs.find((x) => x.code === 'cue-number')).toMatchObject({ count: 2, line: 1 });
  });

  it('keeps text starting with NOTE in an SRT cue (subtitle alone drops it as a comment)', () => {
    expect(texts(read('note-text.srt'))).toEqual(['NOTE: the door is open\nsecond line', 'Next']);
  });

  it('keeps a paragraph with no timing line as more text of the cue above, and says so', () => {
    const r = read('text-without-timing.srt');
    expect(texts(r)).toEqual(['First line\nsecond paragraph of the same cue', 'Next']);
    expect(r.repairs.find((x) => x.code === 'text-without-timing')?.line).toBe(5);
  });

  it('keeps tags as text, decodes entities, and counts only what is visible', () => {
    const r = read('tags-and-entities.srt');
    expect(texts(r)).toEqual([
      '{\\an8}<i>Tom & Jerry</i>\u00a0été',
      '<font color="#ffff00">1 &lt; 2</font>',
    ]);
    expect(visibleText(r.cues[0]!.text)).toBe('Tom & Jerry\u00a0été');
    expect(visibleText(r.cues[1]!.text)).toBe('1 < 2');
    expect(repairCodes(r)).toContain('entities-decoded');
  });
});

describe('WebVTT', () => {
  it('keeps header, STYLE, REGION, NOTE and settings, and splits a second timing line into a cue', () => {
    const r = read('blocks.vtt');
    expect(r.format).toBe('vtt');
    expect(texts(r)).toEqual([
      'Hello there.',
      'A second timing line inside the cue block',
      'Second & last',
    ]);
    expect(times(r)).toEqual([
      [1000, 3500],
      [3600, 4000],
      [4250, 6000],
    ]);
    expect(r.vtt?.header).toBe('WEBVTT - Demo title\nKind: captions');
    expect(r.vtt?.blocks.map((b) => b.kind)).toEqual(['STYLE', 'REGION', 'NOTE', 'NOTE']);
    expect(r.vtt?.cueSettings).toEqual({ c1: 'align:start position:10%', c3: 'line:0' });
  });

  it('round-trips: written and read again, cues, blocks and settings are the same', () => {
    const first = read('blocks.vtt');
    const written = formatSubtitles(first.cues, 'vtt', first.vtt);
    if (!written.ok) throw new Error(written.message);
    expect(written.text).toContain('STYLE\n::cue { color: yellow; }');
    const again = readSubtitleBytes(new TextEncoder().encode(written.text), {
      filename: 'again.vtt',
    });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.cues).toEqual(first.cues);
    expect(again.value.vtt).toEqual(first.vtt);
  });

  it('reads a VTT without header (and says so) and a VTT with no cues', () => {
    const r = read('no-header.vtt');
    expect(times(r)).toEqual([[1000, 2000]]);
    expect(repairCodes(r)).toContain('missing-header');
    const empty = read('header-only.vtt');
    expect(empty.cues).toEqual([]);
    expect(empty.warnings.map((w) => w.code)).toContain('no-cues');
  });
});

describe('files that are not subtitles stop with the line', () => {
  it('a shopping list stops at line 3; a broken time at line 6', () => {
    expect(refuse('not-subtitles.srt')).toMatchObject({
      code: 'not_subtitles',
      line: 3,
      message: expect.stringMatching(/^Line 3: .*"Shopping list"/),
    });
    expect(refuse('bad-timing.srt')).toMatchObject({
      code: 'bad_timing',
      line: 6,
      message: expect.stringContaining('00:0x:04,000'),
    });
  });
});

describe('bad input that is still subtitles', () => {
  it('reads timing errors as they are and warns; QC names each one', () => {
    const r = read('timing-errors.srt');
    expect(times(r)).toEqual([
      [0, 1000],
      [3000, 2000],
      [4000, 4000],
      [5000, 7000],
      [6000, 8000],
    ]);
    expect(repairCodes(r)).toContain('negative-time');
    expect(r.warnings.find((w) => w.code === 'timing-errors')?.message).toMatch(
      /1 cue\(s\) overlap.*2 cue\(s\) have negative, reversed or zero-length/,
    );
    const rules = runQc(r.cues, { language: 'en' })
      .filter((i) => i.severity === 'error')
      .map((i) => [i.rule, i.cueId]);
    expect(rules).toEqual([
      ['timing', 'c2'],
      ['timing', 'c3'],
      ['overlap', 'c5'],
    ]);
  });

  it('warns when the text is not in the labelled language', () => {
    const r = read('wrong-language.es.srt');
    expect(r.labelledLanguage).toBe('es');
    expect(r.languageGuess).toMatchObject({ code: 'de' });
    expect(r.warnings.find((w) => w.code === 'language-mismatch')?.message).toMatch(
      /German \(de\).*Spanish \(es\)/,
    );
    expect(read('wrong-language.es.srt', 'de').warnings.map((w) => w.code)).not.toContain(
      'language-mismatch',
    );
  });

  it('labels a file by its name the way Dub pairs it: clip_es, clip-pt-BR, es/clip', () => {
    const text = new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nHola a todos.\n');
    const label = (filename: string) => {
      const outcome = readSubtitleBytes(text, { filename });
      return outcome.ok ? outcome.value.labelledLanguage : 'unread';
    };
    expect(label('clip.es.srt')).toBe('es');
    expect(label('clip_es.srt')).toBe('es');
    expect(label('clip-pt-BR.srt')).toBe('pt_br');
    expect(label('/videos/es/clip.srt')).toBe('es');
    expect(label('clip.srt')).toBeNull();
  });

  it('warns over 1 MiB and at 10,000 cues but reads every cue', () => {
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i += 1) {
      const s = i * 3000;
      const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
      lines.push(
        `${i + 1}`,
        `${stamp(s)} --> ${stamp(s + 2000)}`,
        `Line number ${i + 1} of a long file, with some more words to read.`,
        '',
      );
    }
    const big = new TextEncoder().encode(lines.join('\n'));
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const outcome = readSubtitleBytes(big, { filename: 'big.srt' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.cues).toHaveLength(12_000);
    expect(outcome.value.cues[11_999]).toMatchObject({
      id: 'c12000',
      startMs: 35_997_000,
      endMs: 35_999_000,
    });
    expect(outcome.value.warnings.map((w) => w.code)).toEqual(['over-dubbing-limit', 'many-cues']);
  });

  it('keeps a line of thousands of characters and warns with its line number', () => {
    const long = 'word '.repeat(2000).trim();
    const text = `1\n00:00:01,000 --> 00:00:02,000\nshort\n\n2\n00:00:03,000 --> 00:00:09,000\n${long}\n`;
    const outcome = readSubtitleBytes(new TextEncoder().encode(text), { filename: 'long.srt' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.cues[1]?.text).toBe(long);
    expect(outcome.value.warnings[0]).toMatchObject({ code: 'long-line', line: 7 });
  });
});

describe('writing', () => {
  it('SRT round trip keeps times, text and ids by position', () => {
    const first = read('tags-and-entities.srt');
    const written = formatSubtitles(first.cues, 'srt');
    if (!written.ok) throw new Error(written.message);
    expect(written.text.startsWith('1\n00:00:01,000 --> 00:00:04,000\n')).toBe(true);
    const again = readSubtitleBytes(new TextEncoder().encode(written.text), { filename: 'x.srt' });
    expect(again.ok && again.value.cues).toEqual(first.cues);
  });

  it('writes text that would break the file safely, and refuses times it cannot write', () => {
    const cue = { id: 'a', startMs: 0, endMs: 1000, text: 'one\n\ntwo --> three' };
    const written = formatSubtitles([cue], 'srt');
    expect(written.ok && written.text).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\none\ntwo -> three\n',
    );
    expect(formatSubtitles([{ ...cue, startMs: -1 }], 'srt')).toMatchObject({
      ok: false,
      cueId: 'a',
    });
    expect(formatSubtitles([{ ...cue, endMs: 24 * 3_600_000 }], 'vtt')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/24 hours/),
    });
  });
});
