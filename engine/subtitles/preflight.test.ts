import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../shared/api/languages';
import { preflightScript } from './preflight';
import { limitsFor, STREAMING_PROFILE } from '../../shared/domain/subtitles/profiles';
import { wrapText } from '../../shared/domain/subtitles/wrap';
import { cueWarnings } from './reading-warnings';

const wrapSubtitleText = (text: string, language: LanguageCode) =>
  wrapText(text, limitsFor(STREAMING_PROFILE, language), language);

const srt = (...cues: [number, number, string][]) =>
  cues
    .map(
      ([s, e, t], i) =>
        `${i + 1}\n00:00:${String(s).padStart(2, '0')},000 --> 00:00:${String(e).padStart(2, '0')},000\n${t}\n`,
    )
    .join('\n');

const SPANISH = srt(
  [1, 4, 'Hola y bienvenidos a nuestro vídeo.'],
  [5, 9, 'Hoy hablamos del tiempo en la sierra.'],
);

describe('preflightScript', () => {
  it('passes a clean script in its declared language', async () => {
    const { report, cues } = await preflightScript({
      filename: 'es.srt',
      content: SPANISH,
      language: 'es',
    });
    expect(report).toEqual({
      status: 'ok',
      cue_count: 2,
      issues: [],
      changes_count: 0,
      report_url: null,
    });
    expect(cues).toHaveLength(2);
  });

  it('accepts es_419 and pt_br scripts through their language family', async () => {
    expect(
      (await preflightScript({ filename: 'a.srt', content: SPANISH, language: 'es_419' })).report
        .status,
    ).toBe('ok');
    const pt = srt(
      [1, 4, 'Olá e bem-vindos ao nosso vídeo.'],
      [5, 9, 'Hoje falamos do tempo na serra.'],
    );
    expect(
      (await preflightScript({ filename: 'a.srt', content: pt, language: 'pt_br' })).report.status,
    ).toBe('ok');
  });

  it('blocks text that is not in the declared language', async () => {
    const { report } = await preflightScript({
      filename: 'fr.srt',
      content: SPANISH,
      language: 'fr',
    });
    expect(report.status).toBe('blocked');
    expect(report.issues).toContain('language_mismatch');
  });

  it.each([
    ['bad extension', { filename: 'es.txt', content: SPANISH }, 'unsupported_extension'],
    ['too large', { filename: 'es.srt', content: 'x'.repeat(1024 * 1024 + 1) }, 'file_too_large'],
    [
      'not text',
      { filename: 'es.srt', content: new Uint8Array([0x00, 0x01, 0x02, 0xff, 0x00]) },
      'invalid_encoding',
    ],
    [
      'UTF-32',
      { filename: 'es.srt', content: new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x31, 0, 0, 0]) },
      'invalid_encoding',
    ],
    [
      'zero-length cue',
      { filename: 'es.srt', content: srt([4, 4, 'Hola y bienvenidos a nuestro vídeo de hoy.']) },
      'zero_duration',
    ],
    [
      'negative time',
      {
        filename: 'es.srt',
        content: SPANISH.replace('00:00:01,000 -->', '-00:00:01,000 -->'),
      },
      'negative_time',
    ],
    [
      'parse error',
      { filename: 'es.srt', content: `${SPANISH}\n3\n00:00:1x,000 --> 00:00:12,000\ntext\n` },
      'parse_error',
    ],
    ['no cues', { filename: 'es.srt', content: srt([1, 2, '   ']) }, 'no_cues'],
    [
      'end before start',
      { filename: 'es.srt', content: srt([4, 2, 'Hola y bienvenidos a nuestro vídeo de hoy.']) },
      'end_before_start',
    ],
    [
      'big overlap',
      {
        filename: 'es.srt',
        content: srt(
          [1, 6, 'Hola y bienvenidos a nuestro vídeo.'],
          [3, 8, 'Hoy hablamos del tiempo.'],
        ),
      },
      'overlapping_cues',
    ],
  ])('blocks %s', async (_name, input, code) => {
    const { report } = await preflightScript({ ...input, language: 'es' as LanguageCode });
    expect(report.status).toBe('blocked');
    expect(report.issues).toContain(code);
  });

  it('blocks cues after the end of the media', async () => {
    const { report } = await preflightScript({
      filename: 'es.srt',
      content: SPANISH,
      language: 'es',
      mediaDuration: 4.5,
    });
    expect(report.issues).toEqual(['cue_after_media_end']);
  });

  it('marks pipeline edits as review_required and counts them', async () => {
    const content = srt(
      [1, 4, 'Hola y bienvenidos a nuestro vídeo sobre el tiempo en las montañas altas.'],
      [4, 5, ''],
      [5, 9, 'Hoy hablamos del tiempo.'],
      [9, 12, 'Gracias por mirar.'],
    )
      .replace('00:00:05,000 --> 00:00:09,000', '00:00:05,000 --> 00:00:08,400')
      .replace('00:00:09,000 --> 00:00:12,000', '00:00:08,000 --> 00:00:12,000');
    const { report, cues, details } = await preflightScript({
      filename: 'es.srt',
      content,
      language: 'es',
    });
    expect(report.status).toBe('review_required');
    expect(report.issues).toEqual(
      expect.arrayContaining(['empty_cue_removed', 'overlap_trimmed', 'line_shortened']),
    );
    expect(report.changes_count).toBe(3);
    expect(report.cue_count).toBe(3);
    expect(cues[0]?.text.split('\n').length).toBe(2);
    expect(cues[1]?.endMs).toBe(8000);
    expect(details.changes.map((c) => c.code).sort()).toEqual([
      'empty_cue_removed',
      'line_shortened',
      'overlap_trimmed',
    ]);
  });

  it('lists reading-speed warnings without changing the status', async () => {
    const content = srt([1, 2, 'Hoy hablamos del tiempo en la sierra.']);
    const { report } = await preflightScript({ filename: 'es.srt', content, language: 'es' });
    expect(report.status).toBe('ok');
    expect(report.issues).toContain('high_text_speed');
  });

  it('publishes the full report through the given publisher', async () => {
    const { report } = await preflightScript(
      {
        filename: 'es.vtt',
        content: 'WEBVTT\n\n00:01.000 --> 00:03.000\nHola y bienvenidos a nuestro vídeo.\n',
        language: 'es',
      },
      async (details) => `https://local/reports/${details.language}.json`,
    );
    expect(report.report_url).toBe('https://local/reports/es.json');
  });
});

describe('what the old parser got wrong', () => {
  it('reads a time without milliseconds, a non-numeric cue number and a cue with no blank line', async () => {
    const content =
      '1a\n00:00:01 --> 00:00:04\nHola y bienvenidos a nuestro vídeo.\n' +
      '00:00:05,000 --> 00:00:09,000\nHoy hablamos del tiempo &amp; la sierra.\n';
    const { report, cues } = await preflightScript({ filename: 'es.srt', content, language: 'es' });
    expect(report.status).toBe('ok');
    expect(cues.map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [1000, 4000, 'Hola y bienvenidos a nuestro vídeo.'],
      [5000, 9000, 'Hoy hablamos del tiempo & la sierra.'],
    ]);
  });

  it('names UTF-32 as the reason', async () => {
    const { details } = await preflightScript({
      filename: 'es.srt',
      content: new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x31, 0, 0, 0]),
      language: 'es',
    });
    expect(details.problems[0]?.message).toMatch(/UTF-32/);
  });
});

describe('reading norms', () => {
  it('uses 20 CPS for English and 17 for Spanish', () => {
    const cue = { id: 'c1', startMs: 0, endMs: 2000, text: 'This line has exactly thirty-six ch' };
    expect(cueWarnings([cue], 'en')).toEqual([]);
    expect(cueWarnings([cue], 'es').map((w) => w.code)).toEqual(['high_text_speed']);
    expect(cueWarnings([cue], 'es')[0]?.characters_per_second).toBe(17.5);
  });

  it('uses character limits for Chinese and ignores Thai combining marks', () => {
    const zh = { id: 'c1', startMs: 0, endMs: 1500, text: '感谢您的观看我们下次在我们的频道再见' };
    expect(cueWarnings([zh], 'zh_cn').map((w) => w.code)).toEqual([
      'high_text_speed',
      'line_too_long',
    ]);
    const th = { id: 'c1', startMs: 0, endMs: 3000, text: 'ขอบคุณที่รับชม' };
    expect(cueWarnings([th], 'th')).toEqual([]);
  });

  it('wraps to balanced lines within the limit, by characters for Chinese', () => {
    const lines = wrapSubtitleText(
      'Hola y bienvenidos a nuestro vídeo sobre el tiempo en las montañas',
      'es',
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    expect(wrapSubtitleText('感谢您的观看我们下次在我们的频道再见', 'zh_cn')).toEqual([
      '感谢您的观看我们下',
      '次在我们的频道再见',
    ]);
  });
});
