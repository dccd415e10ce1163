import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from './cue';
import { parseSubtitles, serializeSubtitles, subtitleFormatOf } from './format';
import { parseSrt, serializeSrt } from './srt';
import { parseVtt, serializeVtt } from './vtt';

const SRT = `1
00:00:01,000 --> 00:00:03,500
Hello there.

2
00:00:04,250 --> 00:00:06,000
<i>Two lines</i>
of text
`;

describe('timestamps', () => {
  it('parses SRT, VTT and short VTT forms', () => {
    expect(parseTimestamp('00:01:02,345')).toBeCloseTo(62.345, 6);
    expect(parseTimestamp('01:00:00.5')).toBeCloseTo(3600.5, 6);
    expect(parseTimestamp('02:03.040')).toBeCloseTo(123.04, 6);
    expect(parseTimestamp('1:2:3')).toBeNull();
    expect(parseTimestamp('00:61:00,000')).toBeNull();
  });

  it('formats with millisecond rounding', () => {
    expect(formatTimestamp(3723.0456, ',')).toBe('01:02:03,046');
    expect(formatTimestamp(0.9995, '.')).toBe('00:00:01.000');
  });
});

describe('SRT', () => {
  it('parses cues with times in seconds and multi-line text', () => {
    const { cues, errors } = parseSrt(SRT);
    expect(errors).toEqual([]);
    expect(cues).toEqual([
      { index: 1, start: 1, end: 3.5, text: 'Hello there.' },
      { index: 2, start: 4.25, end: 6, text: '<i>Two lines</i>\nof text' },
    ]);
  });

  it('round-trips through serialise and parse', () => {
    const first = parseSrt(SRT).cues;
    expect(serializeSrt(first)).toBe(SRT);
    expect(parseSrt(serializeSrt(first)).cues).toEqual(first);
  });

  it('accepts CRLF, a BOM and a missing index', () => {
    const text =
      '\uFEFF00:00:00,500 --> 00:00:01,000\r\nHi\r\n\r\n7\r\n00:00:02,000 --> 00:00:03,000\r\nBye\r\n';
    const { cues, errors } = parseSrt(text);
    expect(errors).toEqual([]);
    expect(cues.map((c) => c.text)).toEqual(['Hi', 'Bye']);
  });

  it('reports malformed blocks with line numbers', () => {
    const { cues, errors } = parseSrt(
      '1\n00:00:01,000 -> 00:00:02,000\nText\n\n2\n00:00:03,000 --> 00:0x:04,000\nMore\n',
    );
    expect(cues).toEqual([]);
    expect(errors.map((e) => e.line)).toEqual([2, 6]);
  });
});

describe('VTT', () => {
  const VTT = `WEBVTT - demo

NOTE a comment
spanning lines

intro
00:01.000 --> 00:03.500 align:start position:10%
Hello there.

00:00:04.250 --> 00:00:06.000
Second
`;

  it('parses header, notes, identifiers, settings and short timestamps', () => {
    const { cues, errors } = parseVtt(VTT);
    expect(errors).toEqual([]);
    expect(cues).toEqual([
      { index: 1, start: 1, end: 3.5, text: 'Hello there.' },
      { index: 2, start: 4.25, end: 6, text: 'Second' },
    ]);
  });

  it('round-trips and converts to SRT without loss of times or text', () => {
    const cues = parseVtt(VTT).cues;
    expect(parseVtt(serializeVtt(cues)).cues).toEqual(cues);
    expect(parseSrt(serializeSrt(cues)).cues).toEqual(cues);
  });

  it('refuses a file without the WEBVTT header', () => {
    expect(parseVtt('00:01.000 --> 00:02.000\nx\n').errors[0]?.message).toMatch(/WEBVTT/);
  });
});

describe('format by extension', () => {
  it('lower-cases the extension', () => {
    expect(subtitleFormatOf('Clip.ES.SRT')).toBe('srt');
    expect(subtitleFormatOf('a.vtt')).toBe('vtt');
    expect(subtitleFormatOf('a.txt')).toBeNull();
  });

  it('dispatches parse and serialise by format', () => {
    const cues = parseSubtitles(SRT, 'srt').cues;
    expect(parseSubtitles(serializeSubtitles(cues, 'vtt'), 'vtt').cues).toEqual(cues);
  });
});
