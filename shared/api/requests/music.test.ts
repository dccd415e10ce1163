import { describe, expect, it } from 'vitest';
import { parseTaskRequest, requestDelivery } from './registry';
import { expectRefused, formOf } from './test-helpers';

const SEGMENTS = [
  { start: 0, end: 10, prompt: 'soft intro' },
  { start: 10, end: 30, prompt: 'drums enter' },
];

describe('text-to-music request', () => {
  const base = { prompt: 'warm lo-fi piano', duration: 30 };

  it('defaults to a stream and renders mode explicitly without async-only fields', () => {
    expect(formOf('text_to_music', base)).toEqual({
      fields: { prompt: 'warm lo-fi piano', duration: '30', mode: 'stream' },
      files: {},
    });
    const parsed = parseTaskRequest('text_to_music', base);
    expect(parsed.ok && requestDelivery('text_to_music', parsed.value)).toBe('stream');
  });

  it('renders an async request with its output format and compact segments JSON', () => {
    expect(
      formOf('text_to_music', { ...base, mode: 'async', output_format: 'wav', segments: SEGMENTS }),
    ).toEqual({
      fields: {
        prompt: 'warm lo-fi piano',
        duration: '30',
        mode: 'async',
        output_format: 'wav',
        variants_num: '1',
        stems: 'false',
        segments:
          '[{"start":0,"end":10,"prompt":"soft intro"},{"start":10,"end":30,"prompt":"drums enter"}]',
      },
      files: {},
    });
    const parsed = parseTaskRequest('text_to_music', { ...base, mode: 'async' });
    expect(parsed.ok && requestDelivery('text_to_music', parsed.value)).toBe('async');
  });

  it.each([
    ['a missing prompt', { duration: 30 }, 'prompt'],
    ['a blank prompt', { ...base, prompt: '  ' }, 'prompt'],
    ['a prompt over 1000 characters', { ...base, prompt: 'x'.repeat(1001) }, 'prompt'],
    ['a missing duration', { prompt: 'x' }, 'duration'],
    ['a duration under 5 s', { ...base, duration: 4 }, 'duration'],
    ['a duration over 360 s', { ...base, duration: 361 }, 'duration'],
    ['a fractional duration', { ...base, duration: 30.5 }, 'duration'],
    ['an unknown mode', { ...base, mode: 'batch' }, 'mode'],
    ['an unknown output format', { ...base, mode: 'async', output_format: 'ogg' }, 'output_format'],
    ['wav on a stream', { ...base, output_format: 'wav' }, 'output_format'],
    [
      'segments ending after the duration',
      { ...base, segments: [{ start: 0, end: 31, prompt: 'a' }] },
      'segments.0.end',
    ],
    [
      'segments not starting at 0',
      { ...base, segments: [{ start: 1, end: 30, prompt: 'a' }] },
      'segments.0.start',
    ],
    ['an unknown field', { ...base, seed: 4 }, ''],
    ['several variants on a stream', { ...base, variants_num: 2 }, 'variants_num'],
    ['stems on a stream', { ...base, stems: true }, 'stems'],
    ['0 variants', { ...base, mode: 'async', variants_num: 0 }, 'variants_num'],
    ['11 variants', { ...base, mode: 'async', variants_num: 11 }, 'variants_num'],
    ['a fractional variant count', { ...base, mode: 'async', variants_num: 1.5 }, 'variants_num'],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('text_to_music', input, path);
  });

  it('sends variants_num and stems on an async request (docs/api-notes.md 6.1)', () => {
    expect(
      formOf('text_to_music', { ...base, mode: 'async', variants_num: 10, stems: true }).fields,
    ).toMatchObject({ mode: 'async', variants_num: '10', stems: 'true' });
  });

  it('accepts the limits themselves', () => {
    expect(parseTaskRequest('text_to_music', { ...base, duration: 5 }).ok).toBe(true);
    expect(
      parseTaskRequest('text_to_music', { ...base, duration: 360, prompt: 'x'.repeat(1000) }).ok,
    ).toBe(true);
    expect(
      parseTaskRequest('text_to_music', {
        ...base,
        segments: [{ start: 0, end: 30.05, prompt: 'a' }],
      }).ok,
    ).toBe(true);
  });
});

describe('video-to-music request', () => {
  it('renders a stream from a file: video part, prompt, segments, mode only', () => {
    expect(
      formOf('video_to_music', {
        video: '/media/clip.mp4',
        prompt: 'tense strings',
        segments: SEGMENTS,
      }),
    ).toEqual({
      fields: {
        prompt: 'tense strings',
        segments:
          '[{"start":0,"end":10,"prompt":"soft intro"},{"start":10,"end":30,"prompt":"drums enter"}]',
        prompt_influence: '0.5',
        mode: 'stream',
      },
      files: { video: '/media/clip.mp4' },
    });
  });

  it('sends prompt_influence on a stream too, 0 included (docs/api-notes.md 6.2)', () => {
    expect(formOf('video_to_music', { video: '/a.mp4', prompt_influence: 0 }).fields).toEqual({
      prompt_influence: '0',
      mode: 'stream',
    });
    expect(
      formOf('video_to_music', { video: '/a.mp4', prompt_influence: 0.85 }).fields.prompt_influence,
    ).toBe('0.85');
  });

  it('sends variants_num and stems on an async request', () => {
    expect(
      formOf('video_to_music', { video: '/a.mp4', mode: 'async', variants_num: 3, stems: true })
        .fields,
    ).toMatchObject({ variants_num: '3', stems: 'true' });
  });

  it('renders an async request from a URL with every setting explicit, and omits a blank prompt', () => {
    expect(
      formOf('video_to_music', {
        video_url: 'http://cdn.example/clip.mp4',
        prompt: ' ',
        mode: 'async',
        ducking: true,
      }),
    ).toEqual({
      fields: {
        video_url: 'http://cdn.example/clip.mp4',
        prompt_influence: '0.5',
        mode: 'async',
        output_format: 'm4a',
        preserve_speech: 'false',
        ducking: 'true',
        variants_num: '1',
        stems: 'false',
      },
      files: {},
    });
  });

  it.each([
    ['neither video nor URL', { prompt: 'x' }, 'video'],
    ['both video and URL', { video: '/a.mp4', video_url: 'https://x.example/a.mp4' }, 'video'],
    ['an empty file path', { video: '' }, 'video'],
    ['a URL that is not http(s)', { video_url: 'ftp://x.example/a.mp4' }, 'video_url'],
    ['a URL without a host', { video_url: 'https:///a.mp4' }, 'video_url'],
    ['a bare word as URL', { video_url: 'clip.mp4' }, 'video_url'],
    ['preserve_speech on a stream', { video: '/a.mp4', preserve_speech: true }, 'preserve_speech'],
    ['ducking on a stream', { video: '/a.mp4', ducking: true }, 'ducking'],
    ['mp3 on a stream', { video: '/a.mp4', output_format: 'mp3' }, 'output_format'],
    ['a prompt over 2000 characters', { video: '/a.mp4', prompt: 'x'.repeat(2001) }, 'prompt'],
    [
      'non-contiguous segments',
      { video: '/a.mp4', segments: [SEGMENTS[0], { start: 11, end: 20, prompt: 'b' }] },
      'segments.1.start',
    ],
    [
      'a segment prompt over 200 characters',
      { video: '/a.mp4', segments: [{ start: 0, end: 5, prompt: 'x'.repeat(201) }] },
      'segments.0.prompt',
    ],
    ['an empty segment list', { video: '/a.mp4', segments: [] }, 'segments'],
    ['a non-boolean ducking', { video: '/a.mp4', mode: 'async', ducking: 'true' }, 'ducking'],
    ['prompt_influence over 1', { video: '/a.mp4', prompt_influence: 1.01 }, 'prompt_influence'],
    ['prompt_influence under 0', { video: '/a.mp4', prompt_influence: -0.1 }, 'prompt_influence'],
    [
      'an unreadable prompt_influence',
      { video: '/a.mp4', prompt_influence: NaN },
      'prompt_influence',
    ],
    ['several variants on a stream', { video: '/a.mp4', variants_num: 2 }, 'variants_num'],
    ['stems on a stream', { video: '/a.mp4', stems: true }, 'stems'],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_to_music', input, path);
  });
});

describe('video-to-video-music request', () => {
  it('sends every setting explicitly, with the service defaults (docs/api-notes.md 6.3)', () => {
    expect(formOf('video_to_video_music', { video: '/a.mp4' })).toEqual({
      fields: {
        prompt_influence: '0.5',
        keep_original_sound: 'false',
        preserve_speech: 'false',
        ducking: 'false',
        variants_num: '1',
      },
      files: { video: '/a.mp4' },
    });
    expect(
      formOf('video_to_video_music', {
        video_url: 'https://x.example/a.mp4',
        prompt: 'jazz',
        segments: SEGMENTS,
        prompt_influence: 0.2,
        keep_original_sound: true,
        preserve_speech: true,
        ducking: true,
        variants_num: 4,
      }),
    ).toEqual({
      fields: {
        video_url: 'https://x.example/a.mp4',
        prompt: 'jazz',
        segments:
          '[{"start":0,"end":10,"prompt":"soft intro"},{"start":10,"end":30,"prompt":"drums enter"}]',
        prompt_influence: '0.2',
        keep_original_sound: 'true',
        preserve_speech: 'true',
        ducking: 'true',
        variants_num: '4',
      },
      files: {},
    });
  });

  it.each([
    ['neither video nor URL', {}, 'video'],
    ['both video and URL', { video: '/a.mp4', video_url: 'https://x.example/a.mp4' }, 'video'],
    ['the legacy isolate_vocals field', { video: '/a.mp4', isolate_vocals: true }, ''],
    [
      'segments that are not contiguous',
      { video: '/a.mp4', segments: [SEGMENTS[0], { start: 11, end: 20, prompt: 'b' }] },
      'segments.1.start',
    ],
    ['11 variants', { video: '/a.mp4', variants_num: 11 }, 'variants_num'],
    ['prompt_influence over 1', { video: '/a.mp4', prompt_influence: 2 }, 'prompt_influence'],
    [
      'a non-boolean keep_original_sound',
      { video: '/a.mp4', keep_original_sound: 'yes' },
      'keep_original_sound',
    ],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_to_video_music', input, path);
  });

  it('is delivered as a task', () => {
    const parsed = parseTaskRequest('video_to_video_music', { video: '/a.mp4' });
    expect(parsed.ok && requestDelivery('video_to_video_music', parsed.value)).toBe('async');
  });
});
