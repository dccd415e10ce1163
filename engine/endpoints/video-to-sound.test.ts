import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness } from '../media/loudness';
import {
  makeFestival,
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
/** 6 s, cuts at 2 and 4 s, with a spoken line as its soundtrack. */
let video: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-v2s-');
  const picture = await makeTestVideo({
    seconds: 6,
    cuts: [2, 4],
    withAudio: false,
    dir,
    name: 'picture.mp4',
  });
  await makeFestival(join(dir, 'line.wav'), 'Here is the harbour at night.');
  placeSpeech(join(dir, 'speech.wav'), [{ file: join(dir, 'line.wav'), at: 1 }], 6);
  video = join(dir, 'talking.mp4');
  videoWithAudio(video, picture, join(dir, 'speech.wav'));
});
afterAll(async () => {
  await engine.close();
});

async function download(url: string, name: string): Promise<{ path: string; bytes: number }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, bytes: bytes.length };
}

async function submit(path: string, fields: Record<string, string | number> = {}): Promise<Loose> {
  const res = await engine.post(path, fields, { video });
  expect(res.status, res.text).toBe(202);
  const task = await engine.pollTask(res.body.task_id, { timeoutMs: 300_000 });
  expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  return task;
}

async function expectDeliverable(
  task: Loose,
  name: string,
  kind: 'audio' | 'video',
): Promise<string> {
  const file = await download(task.output_url, name);
  expect(file.bytes).toBe(task.output_bytes);
  const probe = await ffprobeJson(file.path);
  expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.5);
  expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
  expect(probe.streams.some((s) => s.codec_type === 'video')).toBe(kind === 'video');
  const loudness = await measureLoudness(file.path);
  if (!loudness.ok) throw new Error(loudness.message);
  expect(Math.abs(loudness.value.integratedLufs + 14)).toBeLessThanOrEqual(1);
  expect(loudness.value.truePeakDb).toBeLessThanOrEqual(-1);
  expect((await detectWatermarkFile(file.path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
  return file.path;
}

describe('POST /v1/video-to-video-sound', () => {
  it('default: generated music + effects muxed under the untouched picture, with stems and outputs[]', async () => {
    const task = await submit('/v1/video-to-video-sound', {
      music_prompt: 'calm piano',
      sfx_prompt: 'rain',
    });
    expect(task).toMatchObject({ type: 'video_to_video_sound', output_type: 'video' });
    expect(task.output_url).toMatch(/\.mp4(\?|$)/);
    expect(task.music).toMatchObject({ content_type: 'audio/mp4' });
    expect(task.sfx).toMatchObject({ content_type: 'audio/wav' });
    expect(task).not.toHaveProperty('music_processed');
    expect(task.outputs).toHaveLength(1);
    expect(task.outputs[0]).toMatchObject({
      variant_index: 0,
      output_url: task.output_url,
      output_bytes: task.output_bytes,
    });
    const path = await expectDeliverable(task, 'v2vs.mp4', 'video');
    expect(videoStreamMd5(path)).toBe(videoStreamMd5(video));
    expect(
      (
        await detectWatermarkFile(
          (await download(task.music.url, 'music.m4a')).path,
          DEFAULT_WATERMARK_KEY,
        )
      ).found,
    ).toBe(true);
  });

  it('keep_original_sound with ducking keeps the source track and adds music_processed', async () => {
    const task = await submit('/v1/video-to-video-sound', {
      keep_original_sound: 'true',
      ducking: 'true',
    });
    expect(task.music_processed).toMatchObject({ content_type: 'audio/mp4' });
    expect(task.outputs[0].music_processed.url).toBe(task.music_processed.url);
    await expectDeliverable(task, 'kept.mp4', 'video');
  });
});

describe('the video-to-video-sound duration cap', () => {
  it('refuses a 200 s video with 422 before any charge, and advertises the 180 s cap', async () => {
    const long = join(dir, 'long-200s.mp4');
    execFileSync(toolPath('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=size=16x16:rate=1',
      '-t',
      '200',
      '-pix_fmt',
      'yuv420p',
      long,
    ]);
    const before = await engine.get('/v1/account/services');
    expect(before.body.max_media_seconds.video_to_video_sound).toBe(180);
    const usageBefore = await engine.get('/v1/account/usage');
    const res = await engine.post('/v1/video-to-video-sound', {}, { video: long });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'unprocessable_entity',
      message: 'Video duration 200.0s exceeds the 180s video-to-video-sound maximum',
    });
    const after = await engine.get('/v1/account/services');
    expect(after.body.balance).toBe(before.body.balance);
    expect((await engine.get('/v1/account/usage')).body).toEqual(usageBefore.body);
  });
});

describe('POST /v1/video-to-sound', () => {
  it('default: a wav of the combined track, no voice source', async () => {
    const task = await submit('/v1/video-to-sound');
    expect(task).toMatchObject({ type: 'video_to_sound', output_type: 'audio' });
    expect(task.output_url).toMatch(/\.wav(\?|$)/);
    expect(task).not.toHaveProperty('music_processed');
    await expectDeliverable(task, 'v2s.wav', 'audio');
  });

  it('ducking=true brings the source voice in; preserve_speech with mp3 and two variants', async () => {
    const ducked = await submit('/v1/video-to-sound', { ducking: 'true', output_format: 'm4a' });
    expect(ducked.output_url).toMatch(/\.m4a(\?|$)/);
    expect(ducked.music_processed).toBeDefined();
    const speech = await submit('/v1/video-to-sound', {
      preserve_speech: 'true',
      output_format: 'mp3',
      variants_num: 2,
    });
    expect(speech.variants_num).toBe(2);
    expect(speech.outputs.map((o: Loose) => o.variant_index)).toEqual([0, 1]);
    expect(speech.outputs[0].output_url).not.toBe(speech.outputs[1].output_url);
    expect(speech.outputs[1].music_processed).toBeDefined();
    expect(speech.output_url).toMatch(/\.mp3(\?|$)/);
    await expectDeliverable(speech, 'speech.mp3', 'audio');
  });
});

describe('video sound validation', () => {
  it('rejects bad fields with 422 and a bad video choice with 400, before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const cases: [string, Record<string, string | number>, number][] = [
      ['/v1/video-to-video-sound', { music_prompt: 'x'.repeat(2001) }, 422],
      ['/v1/video-to-video-sound', { sfx_prompt: 'x'.repeat(2001) }, 422],
      [
        '/v1/video-to-video-sound',
        { segments: JSON.stringify([{ start: 1, end: 3, prompt: 'wind' }]) },
        422,
      ],
      [
        '/v1/video-to-video-sound',
        { segments: JSON.stringify([{ start: 0, end: 9, prompt: 'wind' }]) },
        422,
      ],
      [
        '/v1/video-to-video-sound',
        {
          segments: JSON.stringify(
            Array.from({ length: 31 }, (_, i) => ({
              start: i * 0.1,
              end: (i + 1) * 0.1,
              prompt: 'x',
            })),
          ),
        },
        422,
      ],
      ['/v1/video-to-video-sound', { variants_num: 11 }, 422],
      ['/v1/video-to-sound', { output_format: 'ogg' }, 422],
      ['/v1/video-to-sound', { keep_original_sound: 'true' }, 422],
    ];
    for (const [path, fields, status] of cases) {
      const res = await engine.post(path, fields, { video });
      expect(res.status, `${path} ${JSON.stringify(fields).slice(0, 60)}`).toBe(status);
    }
    expect(
      (
        await engine.post(
          '/v1/video-to-video-sound',
          { video_url: 'https://example.com/v.mp4' },
          { video },
        )
      ).status,
    ).toBe(400);
    expect((await engine.post('/v1/video-to-sound', {})).status).toBe(400);
    const tone = await makeTestAudio({ seconds: 2, dir, name: 'tone.wav' });
    expect((await engine.post('/v1/video-to-sound', {}, { video: tone })).status).toBe(422);
    const long = join(dir, 'long.mp4');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=16x16:r=1:d=481',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      long,
    ]);
    const tooLong = await engine.post('/v1/video-to-video-sound', {}, { video: long });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toMatch(/exceeds the 180s/);
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });

  it('accepts valid segments for the effects side', async () => {
    const segments = JSON.stringify([
      { start: 0, end: 2, prompt: 'rain on a window' },
      { start: 2, end: 6, prompt: 'wind and distant thunder' },
    ]);
    const task = await submit('/v1/video-to-video-sound', { segments, sfx_prompt: 'storm' });
    expect(task.output_type).toBe('video');
  });
});
