import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRequest } from '../../../../shared/domain/jobs/job';
import { checkBeforeUpload } from './preflight';
import { probeMedia } from './probe';
import { toolPath } from '../../../../shared/node/toolchain';

let dir: string;
const media = { clip: '', silentClip: '', long: '', tone: '', script: '' };

function ffmpeg(...args: string[]) {
  execFileSync(toolPath('ffmpeg'), ['-v', 'error', '-y', ...args]);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'preflight-'));
  media.clip = path.join(dir, 'clip.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-shortest',
    '-pix_fmt',
    'yuv420p',
    media.clip,
  );
  media.silentClip = path.join(dir, 'silent.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=10',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    media.silentClip,
  );
  media.long = path.join(dir, 'long.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'color=size=16x16:rate=1',
    '-t',
    '181',
    '-pix_fmt',
    'yuv420p',
    media.long,
  );
  media.tone = path.join(dir, 'tone.m4a');
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300', '-t', '1', media.tone);
  media.script = path.join(dir, 'es.srt');
  await fs.writeFile(media.script, '1\n00:00:00,000 --> 00:00:01,000\nHola\n');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const req = (
  type: JobRequest['type'],
  fields: JobRequest['fields'],
  files: Record<string, string> = {},
  delivery: JobRequest['delivery'] = 'async',
): JobRequest => ({
  type,
  delivery,
  fields,
  files,
  label: 'test',
});
const paths = async (r: JobRequest, limits = {}) =>
  (await checkBeforeUpload(r, limits)).map((p) => p.path);

describe('probeMedia', () => {
  it('reads duration, tracks, size and picture size with ffprobe', async () => {
    const probed = await probeMedia(media.clip);
    expect(probed.ok).toBe(true);
    if (!probed.ok) return;
    expect(probed.value.durationSeconds).toBeCloseTo(2, 0);
    expect(probed.value).toMatchObject({ hasVideo: true, hasAudio: true, width: 64, height: 48 });
    expect(probed.value.bytes).toBe((await fs.stat(media.clip)).size);
    expect(await probeMedia(media.script)).toMatchObject({
      ok: false,
      error: { code: 'not_media' },
    });
    expect(await probeMedia(path.join(dir, 'missing.mp4'))).toMatchObject({
      ok: false,
      error: { code: 'file_missing' },
    });
  });
});

describe('checkBeforeUpload', () => {
  it('passes valid requests', async () => {
    expect(
      await paths(req('text_to_music', { prompt: 'calm piano', duration: 30 }, {}, 'stream')),
    ).toEqual([]);
    expect(
      await paths(
        req(
          'video_to_sfx',
          { segments: '[{"start":0,"end":2,"prompt":"door"}]', audio_format: 'wav' },
          { video: media.clip },
        ),
      ),
    ).toEqual([]);
    expect(
      await paths(req('audio_ducking', {}, { voice_file: media.clip, music_file: media.tone })),
    ).toEqual([]);
    expect(
      await paths(
        req(
          'dubbing',
          { languages: '["es"]', export_srt: true, lipsync: false },
          { video: media.clip, 'subtitles[es]': media.script },
        ),
      ),
    ).toEqual([]);
  });

  it('checks text-to-music prompt, duration and segments against the requested duration', async () => {
    expect(await paths(req('text_to_music', { prompt: ' ', duration: 4 }))).toEqual([
      'prompt',
      'duration',
    ]);
    expect(await paths(req('text_to_music', { prompt: 'x'.repeat(1001), duration: 30.5 }))).toEqual(
      ['prompt', 'duration'],
    );
    expect(
      await paths(
        req('text_to_music', {
          prompt: 'p',
          duration: 10,
          segments: '[{"start":0,"end":12,"prompt":"a"}]',
        }),
      ),
    ).toEqual(['segments.0.end']);
  });

  it('checks segments against the probed video duration', async () => {
    const problems = await checkBeforeUpload(
      req(
        'video_to_sfx',
        { segments: '[{"start":0,"end":1,"prompt":"a"},{"start":1,"end":5,"prompt":"b"}]' },
        { video: media.clip },
      ),
    );
    expect(problems.map((p) => p.path)).toEqual(['segments.1.end']);
    expect(
      await paths(req('video_to_sfx', { segments: 'not json' }, { video: media.clip })),
    ).toEqual(['segments']);
  });

  it('checks duration caps, tracks, sizes and the music input', async () => {
    expect(await paths(req('video_to_sfx', {}, { video: media.long }))).toEqual(['video']);
    expect(await paths(req('video_to_music', {}, { video: media.long }))).toEqual([]);
    expect(await paths(req('proofread', {}, { video: media.silentClip }))).toEqual(['video']);
    expect(await paths(req('video_to_sfx', {}, { video: media.tone }))).toEqual(['video']);
    expect(
      await paths(req('video_to_sfx', {}, { video: media.clip }), { maxUploadMb: 0.001 }),
    ).toEqual(['video']);
    expect(
      await paths(req('audio_ducking', {}, { voice_file: media.clip, music_file: media.clip })),
    ).toEqual(['music_file']);
    expect(await paths(req('video_to_sfx', {}, { video: media.script }))).toEqual(['video']);
  });

  it('holds video-to-video-sound to 180 s unless the service advertises its own cap', async () => {
    expect(await paths(req('video_to_video_sound', {}, { video: media.long }))).toEqual(['video']);
    expect(
      await paths(req('video_to_video_sound', {}, { video: media.long }), {
        maxMediaSeconds: { video_to_video_sound: 480 },
      }),
    ).toEqual([]);
    const tight = await checkBeforeUpload(req('video_to_video_sound', {}, { video: media.clip }), {
      maxMediaSeconds: { video_to_video_sound: 1 },
    });
    expect(tight).toEqual([
      { path: 'video', message: 'The file is 2 s long; this service takes at most 1 s.' },
    ]);
  });

  it('checks sources, https-only services, languages and scripts', async () => {
    expect(
      await paths(
        req('video_to_sfx', { video_url: 'https://x.example/v.mp4' }, { video: media.clip }),
      ),
    ).toEqual(['video']);
    expect(await paths(req('video_analysis', {}))).toEqual(['video']);
    expect(await paths(req('dubbing', { video_url: 'http://x.example/v.mp4' }))).toEqual([
      'video_url',
    ]);
    expect(
      await paths(req('dubbing', { video_url: 'https://x.example/v.mp4', languages: '[]' })),
    ).toEqual(['languages']);
    expect(
      await paths(
        req('dubbing', { video_url: 'https://x.example/v.mp4', languages: '["es","xx"]' }),
      ),
    ).toEqual(['languages']);
    expect(
      await paths(
        req(
          'dubbing',
          { languages: '["es","fr"]' },
          { video: media.clip, 'subtitles[es]': media.script },
        ),
      ),
    ).toEqual(['subtitles']);
    expect(
      await paths(req('dubbing', { languages: '["es"]', export_srt: true }, { video: media.clip })),
    ).toEqual(['export_srt']);
    expect(
      await paths(
        req('dubbing', { languages: '["es"]' }, { video: media.clip, 'subtitles[es]': media.tone }),
      ),
    ).toEqual(['subtitles[es]']);
    expect(
      await paths(req('proofread', { video_url: 'https://x.example/v.mp4', languages: '[]' })),
    ).toEqual([]);
    expect(
      await paths(req('video_analysis', { video_url: 'https://x.example/v.mp4', variants_num: 6 })),
    ).toEqual(['variants_num']);
  });

  it('refuses async-only settings on a stream and streams of non-music services', async () => {
    expect(
      await paths(
        req(
          'video_to_music',
          { ducking: true, output_format: 'wav' },
          { video: media.clip },
          'stream',
        ),
      ),
    ).toEqual(['ducking', 'output_format']);
    expect(await paths(req('text_to_sfx', { prompt: 'p', duration: 2 }, {}, 'stream'))).toEqual([
      'delivery',
    ]);
    expect(
      await paths(req('text_to_sfx', { prompt: 'p', duration: 2 }, { extra: media.tone })),
    ).toEqual(['extra']);
  });
});
