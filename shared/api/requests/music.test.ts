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
    ['an unknown field', { ...base, stems: true }, ''],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('text_to_music', input, path);
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
        mode: 'stream',
      },
      files: { video: '/media/clip.mp4' },
    });
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
        mode: 'async',
        output_format: 'm4a',
        preserve_speech: 'false',
        ducking: 'true',
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
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_to_music', input, path);
  });
});

describe('video-to-video-music request', () => {
  it('always sends preserve_speech', () => {
    expect(formOf('video_to_video_music', { video: '/a.mp4' })).toEqual({
      fields: { preserve_speech: 'false' },
      files: { video: '/a.mp4' },
    });
    expect(
      formOf('video_to_video_music', {
        video_url: 'https://x.example/a.mp4',
        prompt: 'jazz',
        preserve_speech: true,
      }),
    ).toEqual({
      fields: { video_url: 'https://x.example/a.mp4', prompt: 'jazz', preserve_speech: 'true' },
      files: {},
    });
  });

  it.each([
    ['neither video nor URL', {}, 'video'],
    ['both video and URL', { video: '/a.mp4', video_url: 'https://x.example/a.mp4' }, 'video'],
    ['the legacy isolate_vocals field', { video: '/a.mp4', isolate_vocals: true }, ''],
    ['segments, which the spec does not list here', { video: '/a.mp4', segments: SEGMENTS }, ''],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_to_video_music', input, path);
  });

  it('is delivered as a task', () => {
    const parsed = parseTaskRequest('video_to_video_music', { video: '/a.mp4' });
    expect(parsed.ok && requestDelivery('video_to_video_music', parsed.value)).toBe('async');
  });
});
