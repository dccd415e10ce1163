import { describe, expect, it } from 'vitest';
import { parseTaskRequest } from './registry';
import { expectRefused, formOf } from './test-helpers';

const SEGMENTS = [
  { start: 0, end: 1.5, prompt: 'door creak' },
  { start: 1.5, end: 4.25, prompt: 'footsteps on gravel' },
];
const SEGMENTS_JSON =
  '[{"start":0,"end":1.5,"prompt":"door creak"},{"start":1.5,"end":4.25,"prompt":"footsteps on gravel"}]';

describe('text-to-sfx request', () => {
  it('sends audio_format explicitly (aac unless chosen)', () => {
    expect(formOf('text_to_sfx', { prompt: 'thunder', duration: 3 })).toEqual({
      fields: { prompt: 'thunder', duration: '3', audio_format: 'aac' },
      files: {},
    });
    expect(
      formOf('text_to_sfx', { prompt: 'thunder', duration: 180, audio_format: 'flac' }).fields
        .audio_format,
    ).toBe('flac');
  });

  it.each([
    ['a missing prompt', { duration: 3 }, 'prompt'],
    ['a prompt over 2000 characters', { prompt: 'x'.repeat(2001), duration: 3 }, 'prompt'],
    ['a duration of 0', { prompt: 'x', duration: 0 }, 'duration'],
    ['a duration over 180 s', { prompt: 'x', duration: 181 }, 'duration'],
    ['a decimal duration', { prompt: 'x', duration: 0.5 }, 'duration'],
    ['a duration given as text', { prompt: 'x', duration: '3' }, 'duration'],
    ['an unknown audio format', { prompt: 'x', duration: 3, audio_format: 'ogg' }, 'audio_format'],
    [
      'm4a, which is not an audio_format value',
      { prompt: 'x', duration: 3, audio_format: 'm4a' },
      'audio_format',
    ],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('text_to_sfx', input, path);
  });
});

describe('video-to-sfx and video-to-video-sfx requests', () => {
  it('renders video-to-sfx with segments and audio_format', () => {
    expect(
      formOf('video_to_sfx', {
        video: '/v.mov',
        prompt: 'rain',
        segments: SEGMENTS,
        audio_format: 'wav',
      }),
    ).toEqual({
      fields: { prompt: 'rain', segments: SEGMENTS_JSON, audio_format: 'wav' },
      files: { video: '/v.mov' },
    });
  });

  it('renders video-to-video-sfx without audio_format', () => {
    expect(
      formOf('video_to_video_sfx', { video_url: 'https://x.example/v.mp4', segments: SEGMENTS }),
    ).toEqual({
      fields: { video_url: 'https://x.example/v.mp4', segments: SEGMENTS_JSON },
      files: {},
    });
  });

  it.each([
    ['video_to_sfx', 'neither video nor URL', { prompt: 'x' }, 'video'],
    [
      'video_to_sfx',
      'both video and URL',
      { video: '/v.mp4', video_url: 'https://x.example/v.mp4' },
      'video',
    ],
    [
      'video_to_sfx',
      'a first segment not at 0',
      { video: '/v.mp4', segments: [{ start: 0.5, end: 2, prompt: 'a' }] },
      'segments.0.start',
    ],
    [
      'video_to_sfx',
      'a segment ending before it starts',
      { video: '/v.mp4', segments: [{ start: 0, end: 0, prompt: 'a' }] },
      'segments.0.end',
    ],
    [
      'video_to_sfx',
      'a segment with an empty prompt',
      { video: '/v.mp4', segments: [{ start: 0, end: 1, prompt: '' }] },
      'segments.0.prompt',
    ],
    [
      'video_to_sfx',
      'a segment with an extra key',
      { video: '/v.mp4', segments: [{ start: 0, end: 1, prompt: 'a', label: 'x' }] },
      'segments.0',
    ],
    [
      'video_to_sfx',
      'a bad audio format',
      { video: '/v.mp4', audio_format: 'opus' },
      'audio_format',
    ],
    [
      'video_to_video_sfx',
      'an audio_format (not a field here)',
      { video: '/v.mp4', audio_format: 'wav' },
      '',
    ],
    [
      'video_to_video_sfx',
      'a gap between segments',
      { video: '/v.mp4', segments: [SEGMENTS[0], { start: 2, end: 3, prompt: 'b' }] },
      'segments.1.start',
    ],
  ] as const)('%s refuses %s', (type, _label, input, path) => {
    expectRefused(type, input, path);
  });

  it('refuses 31 segments, and reports a list over 40 000 characters of JSON', () => {
    const fits = Array.from({ length: 30 }, (_, i) => ({
      start: i,
      end: i + 1,
      prompt: 'x'.repeat(200),
    }));
    expect(parseTaskRequest('video_to_sfx', { video: '/v.mp4', segments: fits }).ok).toBe(true);
    const many = Array.from({ length: 31 }, (_, i) => ({ start: i, end: i + 1, prompt: 'tick' }));
    expectRefused('video_to_sfx', { video: '/v.mp4', segments: many }, 'segments');
    // 30 valid items cannot reach the JSON cap (control characters escape to six each: ~37 000),
    // so only an over-long list shows it.
    const huge = Array.from({ length: 40 }, (_, i) => ({
      start: i,
      end: i + 1,
      prompt: '\u0001'.repeat(200),
    }));
    const parsed = parseTaskRequest('video_to_sfx', { video: '/v.mp4', segments: huge });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.map((p) => p.message).join(' ')).toContain(
      'characters of JSON',
    );
  });
});

describe('video-to-sound and video-to-video-sound requests', () => {
  const EXTRA = {
    video_to_sound: { output_format: 'wav' },
    video_to_video_sound: { keep_original_sound: 'false' },
  } as const;

  it.each(['video_to_sound', 'video_to_video_sound'] as const)(
    '%s sends preserve_speech, ducking and variants_num explicitly',
    (type) => {
      expect(formOf(type, { video: '/v.mp4' })).toEqual({
        fields: { preserve_speech: 'false', ducking: 'false', variants_num: '1', ...EXTRA[type] },
        files: { video: '/v.mp4' },
      });
      expect(
        formOf(type, {
          video_url: 'https://x.example/v.mp4',
          music_prompt: 'ambient',
          sfx_prompt: 'city',
          segments: SEGMENTS,
          preserve_speech: true,
          ducking: true,
          variants_num: 3,
        }),
      ).toEqual({
        fields: {
          video_url: 'https://x.example/v.mp4',
          music_prompt: 'ambient',
          sfx_prompt: 'city',
          segments: SEGMENTS_JSON,
          preserve_speech: 'true',
          ducking: 'true',
          variants_num: '3',
          ...EXTRA[type],
        },
        files: {},
      });
    },
  );

  it('video_to_sound sends its output format; wav is the default (docs/api-notes.md 6.7)', () => {
    expect(
      formOf('video_to_sound', { video: '/v.mp4', output_format: 'mp3' }).fields.output_format,
    ).toBe('mp3');
    expectRefused('video_to_sound', { video: '/v.mp4', output_format: 'flac' }, 'output_format');
    expectRefused('video_to_sound', { video: '/v.mp4', keep_original_sound: true }, '');
  });

  it('video_to_video_sound sends keep_original_sound and refuses an output format (6.8)', () => {
    expect(
      formOf('video_to_video_sound', { video: '/v.mp4', keep_original_sound: true }).fields
        .keep_original_sound,
    ).toBe('true');
    expectRefused('video_to_video_sound', { video: '/v.mp4', output_format: 'wav' }, '');
    expectRefused('video_to_video_sound', { video: '/v.mp4', variants_num: 0 }, 'variants_num');
  });

  it.each([
    ['neither video nor URL', {}, 'video'],
    [
      'a music prompt over 2000 characters',
      { video: '/v.mp4', music_prompt: 'x'.repeat(2001) },
      'music_prompt',
    ],
    [
      'an sfx prompt over 2000 characters',
      { video: '/v.mp4', sfx_prompt: 'x'.repeat(2001) },
      'sfx_prompt',
    ],
    ['a plain prompt field', { video: '/v.mp4', prompt: 'x' }, ''],
    ['the legacy isolate_vocals field', { video: '/v.mp4', isolate_vocals: true }, ''],
    [
      'overlapping segments',
      { video: '/v.mp4', segments: [SEGMENTS[0], { start: 1, end: 3, prompt: 'b' }] },
      'segments.1.start',
    ],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_to_sound', input, path);
    expectRefused('video_to_video_sound', input, path);
  });

  it('takes prompts of exactly 2000 characters', () => {
    const input = { video: '/v.mp4', music_prompt: 'x'.repeat(2000), sfx_prompt: 'y'.repeat(2000) };
    expect(parseTaskRequest('video_to_video_sound', input).ok).toBe(true);
  });
});
