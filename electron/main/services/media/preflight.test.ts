import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskType } from '../../../../shared/api/task-types';
import { taskJobSchema, toJobRequest } from '../../../../shared/domain/jobs/task-job';
import { checkBeforeUpload, type UploadLimits } from './preflight';
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

/** A job as `jobs:submit` receives it: through its schema, then the form built once. */
const sent = (type: TaskType, request: Record<string, unknown>) => {
  const job = taskJobSchema.parse({ type, request, label: 'test' });
  return { job, form: toJobRequest(job) };
};
const problemsOf = async (
  type: TaskType,
  request: Record<string, unknown>,
  limits: UploadLimits = {},
) => {
  const { job, form } = sent(type, request);
  return checkBeforeUpload(job, form, limits);
};
const paths = async (type: TaskType, request: Record<string, unknown>, limits: UploadLimits = {}) =>
  (await problemsOf(type, request, limits)).map((p) => p.path);

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
    expect(await paths('text_to_music', { prompt: 'calm piano', duration: 30 })).toEqual([]);
    expect(
      await paths('video_to_sfx', {
        video: media.clip,
        segments: [{ start: 0, end: 2, prompt: 'door' }],
        audio_format: 'wav',
      }),
    ).toEqual([]);
    expect(
      await paths('audio_ducking', { voice_file: media.clip, music_file: media.tone }),
    ).toEqual([]);
    expect(
      await paths('dubbing', {
        video: media.clip,
        languages: ['es'],
        export_srt: true,
        lipsync: false,
        subtitles: { es: { file: media.script } },
      }),
    ).toEqual([]);
  });

  it('checks segments against the probed video duration', async () => {
    const problems = await problemsOf('video_to_sfx', {
      video: media.clip,
      segments: [
        { start: 0, end: 1, prompt: 'a' },
        { start: 1, end: 5, prompt: 'b' },
      ],
    });
    expect(problems.map((p) => p.path)).toEqual(['segments.1.end']);
  });

  it('checks duration caps, tracks, sizes and the music input', async () => {
    expect(await paths('video_to_sfx', { video: media.long })).toEqual(['video']);
    expect(await paths('video_to_music', { video: media.long })).toEqual([]);
    expect(await paths('proofread', { video: media.silentClip })).toEqual(['video']);
    expect(await paths('video_to_sfx', { video: media.tone })).toEqual(['video']);
    expect(await paths('video_to_sfx', { video: media.clip }, { maxUploadMb: 0.001 })).toEqual([
      'video',
    ]);
    // Named like audio, but it carries a picture: only the probe can tell.
    const pictureAsAudio = path.join(dir, 'clip-with-picture.m4a');
    await fs.copyFile(media.clip, pictureAsAudio);
    expect(
      await paths('audio_ducking', { voice_file: media.clip, music_file: pictureAsAudio }),
    ).toEqual(['music_file']);
    expect(await paths('video_to_sfx', { video: media.script })).toEqual(['video']);
  });

  it('holds video-to-video-sound to 180 s unless the service advertises its own cap', async () => {
    expect(await paths('video_to_video_sound', { video: media.long })).toEqual(['video']);
    expect(
      await paths(
        'video_to_video_sound',
        { video: media.long },
        { maxMediaSeconds: { video_to_video_sound: 480 } },
      ),
    ).toEqual([]);
    const tight = await problemsOf(
      'video_to_video_sound',
      { video: media.clip },
      { maxMediaSeconds: { video_to_video_sound: 1 } },
    );
    expect(tight).toEqual([
      { path: 'video', message: 'The file is 2 s long; this service takes at most 1 s.' },
    ]);
  });

  it('checks each script file: present, not empty, at most 1 MiB', async () => {
    const empty = path.join(dir, 'empty.es.srt');
    await fs.writeFile(empty, '');
    const dub = (file: string) =>
      paths('dubbing', { video: media.clip, languages: ['es'], subtitles: { es: { file } } });
    expect(await dub(empty)).toEqual(['subtitles[es]']);
    expect(await dub(path.join(dir, 'missing.es.srt'))).toEqual(['subtitles[es]']);
    const huge = path.join(dir, 'huge.es.srt');
    await fs.writeFile(huge, Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(await dub(huge)).toEqual(['subtitles[es]']);
  });
});
