import { describe, expect, it } from 'vitest';
import { collectResultFiles, extensionFor } from './result-files';
import { pollDeadlineMs, pollDelayMs } from './timing';

const media = (url: string, extra: Record<string, unknown> = {}) => ({
  url,
  content_type: 'audio/mp4',
  file_size: 10,
  ...extra,
});

describe('collectResultFiles (docs/api-notes.md 5.4)', () => {
  it('lists async music audio[] with stems, vocals, mux and ducked', () => {
    const files = collectResultFiles({
      task_id: 't',
      status: 'succeeded',
      audio: [
        media('https://s/a0.m4a', { stream_index: 0 }),
        media('https://s/a1.m4a', { stream_index: 1 }),
      ],
      vocals: media('https://s/vocals.m4a'),
      mux: [
        { stream_index: 0, url: 'https://s/mux0.mp4', content_type: 'audio/mp4', file_size: 3 },
      ],
      ducked: [media('https://s/d0.m4a')],
      stems: [
        {
          stream_index: 0,
          drums: media('https://s/dr.m4a'),
          bass: media('https://s/b.m4a'),
          vocals: media('https://s/v.m4a'),
          other: media('https://s/o.m4a'),
        },
      ],
    });
    expect(files.map((f) => [f.role, f.baseName])).toEqual([
      ['audio[0]', 'audio-1'],
      ['audio[1]', 'audio-2'],
      ['vocals', 'vocals'],
      ['mux[0]', 'mux'],
      ['ducked[0]', 'ducked'],
      ['stems[0].drums', 'stem-1-drums'],
      ['stems[0].bass', 'stem-1-bass'],
      ['stems[0].vocals', 'stem-1-vocals'],
      ['stems[0].other', 'stem-1-other'],
    ]);
    expect(files[0]?.expectedBytes).toBe(10);
  });

  it('takes SFX audio as an object and video-to-video results once (video aliases videos[0])', () => {
    expect(collectResultFiles({ audio: media('https://s/sfx.wav') }).map((f) => f.role)).toEqual([
      'audio',
    ]);
    const v2v = collectResultFiles({
      videos: [media('https://s/v0.mp4'), media('https://s/v1.mp4')],
      video: media('https://s/v0.mp4'),
    });
    expect(v2v.map((f) => f.role)).toEqual(['videos[0]', 'videos[1]']);
  });

  it('takes sound outputs as a list with stems, skipping the top-level aliases', () => {
    const files = collectResultFiles({
      outputs: [
        {
          variant_index: 0,
          output_url: 'https://s/o0.wav',
          output_type: 'audio',
          output_bytes: 99,
          music: media('https://s/m0.m4a'),
          sfx: media('https://s/s0.wav'),
        },
      ],
      output_url: 'https://s/o0.wav',
      output_bytes: 99,
      music: media('https://s/m0.m4a'),
      sfx: media('https://s/s0.wav'),
    });
    expect(files.map((f) => [f.role, f.baseName, f.expectedBytes])).toEqual([
      ['outputs[0]', 'output', 99],
      ['outputs[0].music', 'music', 10],
      ['outputs[0].sfx', 'sfx', 10],
    ]);
  });

  it('takes dubbing outputs as a language map, subtitles, and a ducking output_url', () => {
    const dub = collectResultFiles({
      outputs: { es: 'https://s/es.mp4', fr: 'https://s/fr.mp4' },
      subtitles: { es: 'https://s/es.srt' },
    });
    expect(dub.map((f) => [f.role, f.baseName])).toEqual([
      ['outputs.es', 'dub-es'],
      ['outputs.fr', 'dub-fr'],
      ['subtitles.es', 'subtitles-es'],
    ]);
    const duck = collectResultFiles({
      output_url: 'https://s/download?id=1',
      output_type: 'video',
      output_bytes: 5,
    });
    expect(duck).toEqual([
      {
        role: 'output_url',
        baseName: 'output',
        url: 'https://s/download?id=1',
        outputType: 'video',
        expectedBytes: 5,
      },
    ]);
  });

  it('finds nothing in a brief (video analysis) or a processing envelope', () => {
    expect(
      collectResultFiles({
        segments: [{ start: 0, end: 1, label: 'none', prompt: 'x' }],
        variations: [],
      }),
    ).toEqual([]);
  });
});

describe('extensionFor', () => {
  it('prefers the URL path, then the content type, then output_type', () => {
    expect(extensionFor({ url: 'https://s/a/b.wav?X-Sig=1', contentType: 'audio/mp4' })).toBe(
      '.wav',
    );
    expect(extensionFor({ url: 'https://s/download?id=1', contentType: 'audio/mpeg' })).toBe(
      '.mp3',
    );
    expect(extensionFor({ url: 'https://s/download', outputType: 'video' })).toBe('.mp4');
    expect(extensionFor({ url: 'https://s/download' }, 'audio/flac')).toBe('.flac');
    expect(extensionFor({ url: 'https://s/download' })).toBe('.bin');
  });
});

describe('poll timing (docs/product-notes.md 1.2)', () => {
  it('polls every 2–3 s, then 10–15 s after ten minutes', () => {
    expect(pollDelayMs(0, 2000, () => 0)).toBe(2000);
    expect(pollDelayMs(60_000, 2000, () => 0.999)).toBeLessThanOrEqual(3000);
    expect(pollDelayMs(10 * 60_000, 2000, () => 0)).toBe(10_000);
    expect(pollDelayMs(30 * 60_000, 2000, () => 1)).toBe(15_000);
  });

  it('never gives up on dubbing before two hours', () => {
    expect(pollDeadlineMs('dubbing', {})).toBeGreaterThanOrEqual(2 * 3600_000);
    expect(pollDeadlineMs('text_to_sfx', {})).toBeGreaterThan(0);
  });
});
