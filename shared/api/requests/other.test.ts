import { describe, expect, it } from 'vitest';
import { READ_PATHS, TASK_TYPES } from '../task-types';
import { usageRequestSchema } from './account';
import { checkRequestMedia } from './media-checks';
import { parseTaskRequest, TASK_REQUEST_SCHEMAS } from './registry';
import { taskLookupRequestSchema } from './tasks';
import { expectRefused, formOf } from './test-helpers';

describe('audio-ducking request', () => {
  it('renders files as parts and URLs as fields, mixed across the pairs', () => {
    expect(
      formOf('audio_ducking', {
        voice_file: '/m/interview.mp4',
        music_url: 'https://x.example/bed.mp3',
      }),
    ).toEqual({
      fields: { music_url: 'https://x.example/bed.mp3' },
      files: { voice_file: '/m/interview.mp4' },
    });
    expect(
      formOf('audio_ducking', { voice_url: 'https://x.example/v.wav', music_file: '/m/Bed.FLAC' }),
    ).toEqual({
      fields: { voice_url: 'https://x.example/v.wav' },
      files: { music_file: '/m/Bed.FLAC' },
    });
  });

  it.each([
    ['no voice', { music_file: '/m/bed.mp3' }, 'voice_file'],
    [
      'two voices',
      { voice_file: '/v.wav', voice_url: 'https://x.example/v.wav', music_file: '/m/bed.mp3' },
      'voice_file',
    ],
    ['no music', { voice_file: '/v.wav' }, 'music_file'],
    [
      'two musics',
      { voice_file: '/v.wav', music_file: '/m/bed.mp3', music_url: 'https://x.example/b.mp3' },
      'music_file',
    ],
    ['a video as music', { voice_file: '/v.wav', music_file: '/m/bed.mp4' }, 'music_file'],
    ['music without an extension', { voice_file: '/v.wav', music_file: '/m/bed' }, 'music_file'],
    [
      'a voice URL that is not http(s)',
      { voice_url: 'file:///v.wav', music_file: '/m/bed.mp3' },
      'voice_url',
    ],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('audio_ducking', input, path);
  });
});

describe('video-analysis request', () => {
  it('sends variants_num and mode explicitly', () => {
    expect(formOf('video_analysis', { video: '/a.mp4' })).toEqual({
      fields: { variants_num: '1', mode: 'both' },
      files: { video: '/a.mp4' },
    });
    expect(
      formOf('video_analysis', {
        video_url: 'http://x.example/a.mp4',
        prompt: 'noir',
        variants_num: 5,
        mode: 'sfx',
      }),
    ).toEqual({
      fields: {
        video_url: 'http://x.example/a.mp4',
        prompt: 'noir',
        variants_num: '5',
        mode: 'sfx',
      },
      files: {},
    });
  });

  it.each([
    ['neither video nor URL', {}, 'video'],
    ['zero variants', { video: '/a.mp4', variants_num: 0 }, 'variants_num'],
    ['six variants', { video: '/a.mp4', variants_num: 6 }, 'variants_num'],
    ['a fractional variant count', { video: '/a.mp4', variants_num: 1.5 }, 'variants_num'],
    ['an unknown mode', { video: '/a.mp4', mode: 'speech' }, 'mode'],
    ['a prompt over 2000 characters', { video: '/a.mp4', prompt: 'x'.repeat(2001) }, 'prompt'],
    ['a negative_prompt', { video: '/a.mp4', negative_prompt: 'x' }, ''],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('video_analysis', input, path);
  });
});

describe('account usage and task lookup', () => {
  it('defaults usage days to 30 and keeps 1-365', () => {
    expect(usageRequestSchema.parse({})).toEqual({ days: 30 });
    expect(usageRequestSchema.parse({ days: 365 }).days).toBe(365);
    expect(READ_PATHS.usage(usageRequestSchema.parse({ days: 7 }).days)).toBe(
      '/v1/account/usage?days=7',
    );
    for (const days of [0, 366, 2.5, '30'])
      expect(usageRequestSchema.safeParse({ days }).success).toBe(false);
  });

  it('accepts UUID and engine-style task ids and refuses blanks, paths and long ids', () => {
    for (const id of ['4288764d-0057-4a77-885e-03c0391c7c1d', 'task_01HZX9', 'a.b~c']) {
      expect(taskLookupRequestSchema.safeParse({ task_id: id }).success).toBe(true);
    }
    for (const id of ['', ' ', 'abc def', '../etc', 'a?b', 'a#b', 'x'.repeat(201)]) {
      expect(taskLookupRequestSchema.safeParse({ task_id: id }).success).toBe(false);
    }
  });
});

describe('the request registry', () => {
  it('has a schema for every task type and refuses a non-object', () => {
    expect(Object.keys(TASK_REQUEST_SCHEMAS).sort()).toEqual([...TASK_TYPES].sort());
    for (const type of TASK_TYPES) {
      const parsed = parseTaskRequest(type, 'not a request');
      expect(parsed.ok).toBe(false);
    }
  });
});

describe('checkRequestMedia', () => {
  const segments = [
    { start: 0, end: 5, prompt: 'a' },
    { start: 5, end: 12, prompt: 'b' },
  ];

  it('passes media within every limit', () => {
    expect(
      checkRequestMedia(
        'video_to_sfx',
        { segments },
        { durationSeconds: 12, bytes: 1_000_000, hasAudio: true, hasVideo: true },
      ),
    ).toEqual([]);
    expect(checkRequestMedia('dubbing', {}, { durationSeconds: 300 })).toEqual([]);
  });

  it.each([
    ['dubbing', 300.5, 'over the 300 s dubbing cap'],
    ['proofread', 301, 'over the 300 s proofread cap'],
    ['video_analysis', 481, 'over the 480 s analysis cap'],
    ['video_to_sfx', 181, 'over the 180 s sfx cap'],
    ['video_to_music', 361, 'over the 360 s music cap'],
    ['audio_ducking', 361, 'over the 360 s ducking cap'],
  ] as const)('refuses %s media of %s s (%s)', (type, durationSeconds, _why) => {
    const problems = checkRequestMedia(type, {}, { durationSeconds });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('media');
  });

  it('refuses files over the upload limit, using the account value when given', () => {
    const bytes = 301 * 1024 * 1024;
    expect(checkRequestMedia('proofread', {}, { durationSeconds: 10, bytes })).toHaveLength(1);
    expect(checkRequestMedia('proofread', {}, { durationSeconds: 10, bytes }, 500)).toEqual([]);
    expect(
      checkRequestMedia('proofread', {}, { durationSeconds: 10, bytes: 2 * 1024 * 1024 }, 1),
    ).toHaveLength(1);
  });

  it('needs an audio track for proofread and a video track for video-analysis', () => {
    expect(
      checkRequestMedia('proofread', {}, { durationSeconds: 10, hasAudio: false })[0]?.message,
    ).toContain('audio track');
    expect(
      checkRequestMedia('video_analysis', {}, { durationSeconds: 10, hasVideo: false })[0]?.message,
    ).toContain('video track');
    expect(
      checkRequestMedia('dubbing', {}, { durationSeconds: 10, hasAudio: false, hasVideo: false }),
    ).toEqual([]);
  });

  it('checks that segments end within the media, with the 0.05 s tolerance', () => {
    expect(
      checkRequestMedia('video_to_video_sound', { segments }, { durationSeconds: 11.95 }),
    ).toEqual([]);
    const problems = checkRequestMedia(
      'video_to_video_sound',
      { segments },
      { durationSeconds: 11.9 },
    );
    expect(problems.map((p) => p.path)).toEqual(['segments.1.end']);
  });
});
