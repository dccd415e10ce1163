import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_SUBTITLES, vttExtrasFor, withVttExtras } from '../../domain/project/subtitles-part';
import { setCueText } from '../../domain/subtitles/edits';
import { readSubtitleBytes } from './read';
import { formatSubtitles } from './write';

const FIXTURES = path.join(import.meta.dirname, '__fixtures__');

function readFixture(bytes: Uint8Array) {
  const outcome = readSubtitleBytes(bytes, { filename: 'blocks.vtt' });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value;
}

describe('a WebVTT file through the project document', () => {
  it('keeps its header, STYLE/REGION/NOTE blocks and cue settings after an edit', () => {
    const read = readFixture(readFileSync(path.join(FIXTURES, 'blocks.vtt')));
    expect(read.vtt?.blocks.length).toBeGreaterThan(0);
    // What the editor does: keep the extras in the part, edit a cue, export from the part.
    const part = withVttExtras(
      { ...EMPTY_SUBTITLES, languages: { en: read.cues } },
      'en',
      read.vtt,
    );
    const first = read.cues[0]!;
    const edited = setCueText(part.languages['en']!, first.id, 'Edited words');
    const written = formatSubtitles(edited, 'vtt', vttExtrasFor(part, 'en'));
    if (!written.ok) throw new Error(written.message);

    const again = readFixture(new TextEncoder().encode(written.text));
    expect(again.vtt?.header).toBe(read.vtt?.header);
    expect(again.vtt?.blocks.map((block) => block.kind)).toEqual(
      read.vtt?.blocks.map((block) => block.kind),
    );
    expect(again.vtt?.blocks.map((block) => block.text)).toEqual(
      read.vtt?.blocks.map((block) => block.text),
    );
    expect(again.vtt?.cueSettings).toEqual(read.vtt?.cueSettings);
    expect(again.cues[0]?.text).toBe('Edited words');
  });

  it('forgets the extras when the language is read again from a file without them', () => {
    const read = readFixture(readFileSync(path.join(FIXTURES, 'blocks.vtt')));
    const part = withVttExtras(EMPTY_SUBTITLES, 'en', read.vtt);
    expect(vttExtrasFor(withVttExtras(part, 'en', null), 'en')).toBeNull();
    expect(withVttExtras(EMPTY_SUBTITLES, 'en', null)).toBe(EMPTY_SUBTITLES);
  });

  it('writes a decoded & back as &amp; in WebVTT, and as & in SRT', () => {
    const source = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nSalt &amp; pepper &lt;3 <b>now</b>\n';
    const read = readFixture(new TextEncoder().encode(source));
    expect(read.cues[0]?.text).toBe('Salt & pepper &lt;3 <b>now</b>');
    const vtt = formatSubtitles(read.cues, 'vtt', read.vtt);
    if (!vtt.ok) throw new Error(vtt.message);
    expect(vtt.text).toContain('Salt &amp; pepper &lt;3 <b>now</b>');
    expect(readFixture(new TextEncoder().encode(vtt.text)).cues[0]?.text).toBe(read.cues[0]?.text);
    const srt = formatSubtitles(read.cues, 'srt');
    if (!srt.ok) throw new Error(srt.message);
    expect(srt.text).toContain('Salt & pepper');
  });
});
