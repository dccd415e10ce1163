import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness } from '../media/loudness';
import {
  makeFestival,
  makeMusic,
  placeSpeech,
  videoStreamMd5,
  videoWithAudio,
} from '../media/__tests__/fixtures';
import { startTestEngine, tempDir, type Loose, type TestEngine } from '../testing/harness';
import { ffprobeJson, makeTestAudio, makeTestVideo } from '../testing/media';
import { DEFAULT_WATERMARK_KEY, detectWatermarkFile } from '../watermark';
import { toolPath } from '../../shared/node/toolchain';

let engine: TestEngine;
let dir: string;
let voice: string;
let music: string;
let voiceVideo: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-ducking-');
  await makeFestival(join(dir, 'line.wav'), 'Welcome back. Today we look at the harbour at night.');
  voice = join(dir, 'voice.wav');
  placeSpeech(voice, [{ file: join(dir, 'line.wav'), at: 1.5 }], 8);
  music = join(dir, 'music.wav');
  makeMusic(music, 10);
  const picture = await makeTestVideo({ seconds: 8, withAudio: false, dir, name: 'picture.mp4' });
  voiceVideo = join(dir, 'voice.mp4');
  videoWithAudio(voiceVideo, picture, voice);
});
afterAll(async () => {
  await engine.close();
});

async function download(
  url: string,
  name: string,
): Promise<{ path: string; bytes: number; contentType: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, bytes: bytes.length, contentType: res.headers.get('content-type') };
}

async function duck(
  files: Record<string, string>,
  fields: Record<string, string> = {},
): Promise<Loose> {
  const res = await engine.post('/v1/audio-ducking', fields, files);
  expect(res.status, res.text).toBe(202);
  return engine.pollTask(res.body.task_id);
}

describe('POST /v1/audio-ducking', () => {
  it('audio voice: a normalised, watermarked wav of the voice length', async () => {
    const task = await duck({ voice_file: voice, music_file: music });
    expect(task).toMatchObject({
      status: 'succeeded',
      type: 'audio_ducking',
      output_type: 'audio',
    });
    expect(task.output_url).toMatch(/\.wav(\?|$)/);
    for (const absent of ['outputs', 'music', 'sfx', 'audio'])
      expect(task).not.toHaveProperty(absent);
    const file = await download(task.output_url, 'ducked.wav');
    expect(file.bytes).toBe(task.output_bytes);
    const probe = await ffprobeJson(file.path);
    expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThanOrEqual(0.5);
    const loudness = await measureLoudness(file.path);
    if (!loudness.ok) throw new Error(loudness.message);
    expect(Math.abs(loudness.value.integratedLufs + 14)).toBeLessThanOrEqual(1);
    expect((await detectWatermarkFile(file.path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
    expect(task.duration_seconds).toBeCloseTo(8, 0);
  });

  it('video voice: an mp4 with the picture stream-copied and the mix in AAC', async () => {
    const task = await duck({ voice_file: voiceVideo, music_file: music });
    expect(task).toMatchObject({ status: 'succeeded', output_type: 'video' });
    expect(task.output_url).toMatch(/\.mp4(\?|$)/);
    const file = await download(task.output_url, 'ducked.mp4');
    expect(file.bytes).toBe(task.output_bytes);
    const probe = await ffprobeJson(file.path);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThanOrEqual(0.5);
    expect(videoStreamMd5(file.path)).toBe(videoStreamMd5(voiceVideo));
    expect((await detectWatermarkFile(file.path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
  });

  it('accepts a file and a URL mixed across the two inputs (urlencoded works too)', async () => {
    const local = await startTestEngine({ allowLoopbackUrls: true });
    try {
      const first = await local.post(
        '/v1/audio-ducking',
        {},
        { voice_file: voice, music_file: music },
      );
      const done = await local.pollTask(first.body.task_id);
      const res = await local.post(
        '/v1/audio-ducking',
        { music_url: done.output_url },
        { voice_file: voice },
      );
      expect(res.status, res.text).toBe(202);
      expect((await local.pollTask(res.body.task_id)).status).toBe('succeeded');
      const both = await local.post(
        '/v1/audio-ducking',
        { voice_url: done.output_url, music_url: done.output_url },
        undefined,
        {
          encoding: 'urlencoded',
        },
      );
      expect(both.status, both.text).toBe(202);
    } finally {
      await local.close();
    }
  });

  it('fails the task with DUCKING_FAILED when there is nothing to mix', async () => {
    const quiet = join(dir, 'quiet.wav');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=stereo,atrim=end=3',
      quiet,
    ]);
    const res = await engine.post(
      '/v1/audio-ducking',
      {},
      { voice_file: quiet, music_file: quiet },
    );
    expect(res.status).toBe(202);
    const task = await engine.pollTask(res.body.task_id);
    expect(task.status).toBe('failed');
    expect(task.error.code).toBe('DUCKING_FAILED');
    expect(task.error.message).toMatch(/^DUCKING_FAILED: .*silent/);
    expect(task).not.toHaveProperty('output_url');
  });

  it('rejects a wrong choice of inputs with 400 and unusable media with 422, before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const bothVoices = await engine.post(
      '/v1/audio-ducking',
      { voice_url: 'https://example.com/v.wav' },
      { voice_file: voice, music_file: music },
    );
    expect(bothVoices.status).toBe(400);
    expect((await engine.post('/v1/audio-ducking', {}, { voice_file: voice })).status).toBe(400);
    expect((await engine.post('/v1/audio-ducking', {}, { music_file: music })).status).toBe(400);
    const videoMusic = await engine.post(
      '/v1/audio-ducking',
      {},
      { voice_file: voice, music_file: voiceVideo },
    );
    expect(videoMusic.status).toBe(422);
    expect(videoMusic.body.message).toMatch(/music must be an audio file/);
    const silentVideo = await makeTestVideo({
      seconds: 2,
      withAudio: false,
      dir,
      name: 'silent.mp4',
    });
    expect(
      (await engine.post('/v1/audio-ducking', {}, { voice_file: silentVideo, music_file: music }))
        .status,
    ).toBe(422);
    const long = join(dir, 'long.wav');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:sample_rate=8000:d=361',
      long,
    ]);
    const tooLong = await engine.post(
      '/v1/audio-ducking',
      {},
      { voice_file: voice, music_file: long },
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toMatch(/exceeds the 360s/);
    const junk = await makeTestAudio({ seconds: 1, dir, name: 'ok.wav' });
    await writeFile(junk, 'not audio at all');
    expect(
      (await engine.post('/v1/audio-ducking', {}, { voice_file: junk, music_file: music })).status,
    ).toBe(422);
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });
});
