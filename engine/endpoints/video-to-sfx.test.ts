import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import FFT from 'fft.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm } from '../audio/wav';
import { startTestEngine, tempDir, type Loose, type TestEngine } from '../testing/harness';
import { ffprobeJson, makeTestAudio, makeTestVideo } from '../testing/media';
import { detectWatermarkFile } from '../watermark/index';
import { toolPath } from '../../shared/node/toolchain';

const WATERMARK_KEY = 'video-sfx-contract-key';
let engine: TestEngine;
let dir: string;
let video: string;
let silentVideo: string;

beforeAll(async () => {
  engine = await startTestEngine({ watermarkKey: WATERMARK_KEY });
  dir = await tempDir('soundstage-v2sfx-');
  video = await makeTestVideo({ seconds: 8, cuts: [4], dir, name: 'cut.mp4' });
  silentVideo = await makeTestVideo({ seconds: 3, withAudio: false, dir, name: 'silent.mp4' });
});
afterAll(async () => {
  await engine.close();
});

async function download(
  url: string,
  name: string,
): Promise<{ path: string; contentType: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return { path, contentType: res.headers.get('content-type') };
}

async function run(
  path: string,
  fields: Record<string, string | number>,
  endpoint: string,
): Promise<Loose> {
  const ack = await engine.post(endpoint, fields, { video: path });
  expect(ack.status, ack.text).toBe(202);
  return engine.pollTask(ack.body.task_id);
}

/** Power at `hz` relative to the mean power of the spectrum around it (a tone stands far out). */
async function toneProminence(path: string, hz: number): Promise<number> {
  const [mono] = await decodeToPcm(path, 44100, 1);
  const n = 8192;
  const fft = new FFT(n);
  const out = fft.createComplexArray() as number[];
  const power = new Float64Array(n / 2);
  for (let start = 0; start + n <= mono!.length; start += n) {
    fft.realTransform(out, mono!.subarray(start, start + n));
    for (let k = 0; k < n / 2; k++) power[k] = power[k]! + out[2 * k]! ** 2 + out[2 * k + 1]! ** 2;
  }
  const bin = Math.round((hz * n) / 44100);
  const peak = Math.max(power[bin - 1]!, power[bin]!, power[bin + 1]!);
  let around = 0;
  for (let k = bin - 60; k <= bin + 60; k++) if (Math.abs(k - bin) > 4) around += power[k]!;
  return peak / (around / 112);
}

describe('POST /v1/video-to-sfx', () => {
  it('returns only an audio track as long as the video, in the requested format, watermarked', async () => {
    const task = await run(
      video,
      { prompt: 'rain in a city street', audio_format: 'wav' },
      '/v1/video-to-sfx',
    );
    expect(task).toMatchObject({ status: 'succeeded', type: 'video_to_sfx', refunded: false });
    expect(task.duration_seconds).toBeCloseTo(8, 1);
    expect(task.audio).toMatchObject({
      content_type: 'audio/wav',
      sample_rate: 44100,
      channels: 2,
    });
    expect(task).not.toHaveProperty('video');
    expect(task).not.toHaveProperty('videos');
    const file = await download(task.audio.url, 'v2sfx.wav');
    expect(file.contentType).toBe('audio/wav');
    const probe = await ffprobeJson(file.path);
    expect(probe.streams.map((s: Loose) => s.codec_type)).toEqual(['audio']);
    expect(
      Math.abs(Number(probe.format.duration) - Number(task.duration_seconds)),
    ).toBeLessThanOrEqual(0.05);
    expect(await detectWatermarkFile(file.path, WATERMARK_KEY)).toEqual({
      found: true,
      payload: expect.any(Number),
    });
  });

  it('defaults to m4a and follows per-segment prompts', async () => {
    const segments = JSON.stringify([
      { start: 0, end: 4, prompt: 'campfire' },
      { start: 4, end: 8, prompt: 'birds in a forest' },
    ]);
    const task = await run(video, { segments }, '/v1/video-to-sfx');
    expect(task.status).toBe('succeeded');
    expect(task.audio.content_type).toBe('audio/mp4');
    expect(task.audio.url).toMatch(/\.m4a$/);
  });

  it('refuses bad requests before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const format = await engine.post('/v1/video-to-sfx', { audio_format: 'ogg' }, { video });
    expect(format.status).toBe(400);
    expect(format.body).toMatchObject({
      code: 'invalid_request',
      message: 'audio_format must be one of wav, mp3, aac, flac',
    });
    expect(
      (await engine.post('/v1/video-to-sfx', { video_url: 'https://example.com/a.mp4' }, { video }))
        .status,
    ).toBe(400);
    expect((await engine.post('/v1/video-to-sfx', { prompt: 'rain' })).status).toBe(400);
    const bad: [string, Record<string, string>][] = [
      ['long prompt', { prompt: 'x'.repeat(2001) }],
      ['segments not JSON', { segments: '[{' }],
      [
        'segments with a gap',
        { segments: '[{"start":0,"end":3,"prompt":"a"},{"start":4,"end":8,"prompt":"b"}]' },
      ],
      ['segments past the video', { segments: '[{"start":0,"end":9,"prompt":"a"}]' }],
      ['empty segment prompt', { segments: '[{"start":0,"end":8,"prompt":""}]' }],
      [
        '31 segments',
        {
          segments: JSON.stringify(
            Array.from({ length: 31 }, (_, i) => ({
              start: i * 0.25,
              end: (i + 1) * 0.25,
              prompt: 'a',
            })),
          ),
        },
      ],
    ];
    for (const [name, fields] of bad) {
      const res = await engine.post('/v1/video-to-sfx', fields, { video });
      expect(res.status, name).toBe(422);
    }
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });

  it('refuses media without a picture and videos over 180 s with 422', async () => {
    const tone = await makeTestAudio({ seconds: 2, dir, name: 'tone.wav' });
    expect((await engine.post('/v1/video-to-sfx', {}, { video: tone })).status).toBe(422);
    const long = join(dir, 'long.mp4');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=16x16:r=1:d=181',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      long,
    ]);
    const tooLong = await engine.post('/v1/video-to-sfx', {}, { video: long });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toMatch(/exceeds the 180s/);
  });
});

describe('POST /v1/video-to-video-sfx', () => {
  it('mixes effects over the original sound, copies the picture, and returns videos[] + video', async () => {
    const task = await run(
      video,
      { prompt: 'whoosh transitions over wind' },
      '/v1/video-to-video-sfx',
    );
    expect(task).toMatchObject({ status: 'succeeded', type: 'video_to_video_sfx' });
    expect(task.videos).toHaveLength(1);
    expect(task.video).toEqual(task.videos[0]);
    expect(task.video.content_type).toBe('video/mp4');
    expect(task).not.toHaveProperty('audio');
    const file = await download(task.video.url, 'v2v.mp4');
    expect(file.contentType).toBe('video/mp4');
    const [input, output] = await Promise.all([ffprobeJson(video), ffprobeJson(file.path)]);
    const picture = (p: Loose) => p.streams.find((s: Loose) => s.codec_type === 'video');
    // Stream copy: same codec, size and frame count as the upload.
    expect(picture(output)).toMatchObject({
      codec_name: 'h264',
      width: picture(input).width,
      height: picture(input).height,
      nb_frames: picture(input).nb_frames,
    });
    expect(output.streams.find((s: Loose) => s.codec_type === 'audio')).toMatchObject({
      codec_name: 'aac',
      sample_rate: '44100',
      channels: 2,
    });
    expect(Math.abs(Number(output.format.duration) - 8)).toBeLessThanOrEqual(0.1);
    // The original 440 Hz tone is still there under the effects.
    expect(await toneProminence(file.path, 440)).toBeGreaterThan(20);
    expect(await detectWatermarkFile(file.path, WATERMARK_KEY)).toEqual({
      found: true,
      payload: expect.any(Number),
    });
  });

  it('gives a silent video a soundtrack of effects only', async () => {
    const task = await run(silentVideo, { prompt: 'ocean waves' }, '/v1/video-to-video-sfx');
    expect(task.status).toBe('succeeded');
    const file = await download(task.video.url, 'silent-v2v.mp4');
    const probe = await ffprobeJson(file.path);
    expect(probe.streams.map((s: Loose) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(await toneProminence(file.path, 440)).toBeLessThan(20);
  });

  it('ignores audio_format and refuses both video and video_url with 400', async () => {
    expect(
      (
        await engine.post(
          '/v1/video-to-video-sfx',
          { video_url: 'https://example.com/a.mp4' },
          { video },
        )
      ).status,
    ).toBe(400);
    const res = await engine.post(
      '/v1/video-to-video-sfx',
      { prompt: 'x'.repeat(2001) },
      { video },
    );
    expect(res.status).toBe(422);
  });
});
