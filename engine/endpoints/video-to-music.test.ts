import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64 } from '../../shared/api/ndjson';
import { makeFestival, placeSpeech, videoWithAudio } from '../media/__tests__/fixtures';
import {
  parseNdjson,
  startTestEngine,
  tempDir,
  type Loose,
  type TestEngine,
} from '../testing/harness';
import { ffprobeJson, makeTestAudio, makeTestVideo } from '../testing/media';
import { DEFAULT_WATERMARK_KEY, detectWatermarkFile } from '../watermark';

let engine: TestEngine;
let dir: string;
/** 8 s, hard cuts at 3 and 5.5 s, a spoken line from 1 s as its soundtrack. */
let video: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-v2m-');
  const picture = await makeTestVideo({
    seconds: 8,
    cuts: [3, 5.5],
    withAudio: false,
    dir,
    name: 'picture.mp4',
  });
  await makeFestival(join(dir, 'line.wav'), 'The tide comes in slowly over the harbour wall.');
  placeSpeech(join(dir, 'speech.wav'), [{ file: join(dir, 'line.wav'), at: 1 }], 8);
  video = join(dir, 'talking.mp4');
  videoWithAudio(video, picture, join(dir, 'speech.wav'));
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
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

async function submit(fields: Record<string, string | number>): Promise<Loose> {
  const res = await engine.post('/v1/video-to-music', { mode: 'async', ...fields }, { video });
  expect(res.status, res.text).toBe(202);
  const task = await engine.pollTask(res.body.task_id, { timeoutMs: 300_000 });
  expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  return task;
}

async function expectAudio(media: Loose, name: string, contentType: string): Promise<string> {
  expect(media.content_type).toBe(contentType);
  const file = await download(media.url, name);
  expect(file.bytes).toBe(media.file_size);
  expect(file.contentType).toBe(contentType);
  const probe = await ffprobeJson(file.path);
  expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThanOrEqual(0.3);
  return file.path;
}

describe('POST /v1/video-to-music', () => {
  it('streams title, audio chunks of an m4a as long as the video, cost and complete', async () => {
    const res = await engine.post(
      '/v1/video-to-music',
      { prompt: 'tense cinematic strings' },
      { video },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const events = parseNdjson(res.text);
    expect(events[0]).toMatchObject({
      type: 'title',
      title: expect.any(String),
      display_tags: expect.any(Array),
    });
    expect(events.map((e) => e.type).slice(-2)).toEqual(['cost', 'complete']);
    const chunks = events.filter((e) => e.type === 'audio_chunk');
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk).toMatchObject({ stream_index: 0, num_streams: 1 });
    const path = join(dir, 'stream.m4a');
    await writeFile(
      path,
      Buffer.concat(chunks.map((c) => Buffer.from(decodeBase64(c.data as string)!))),
    );
    const probe = await ffprobeJson(path);
    expect(probe.streams[0]?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThanOrEqual(0.3);
    expect((await detectWatermarkFile(path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
  });

  it('async: audio[] with title, as wav when asked', async () => {
    const task = await submit({
      prompt: 'warm lofi',
      output_format: 'wav',
      prompt_influence: '0.8',
    });
    expect(task).toMatchObject({ type: 'video_to_music', duration_seconds: expect.any(Number) });
    expect(task.audio).toHaveLength(1);
    expect(task.audio[0]).toMatchObject({ stream_index: 0, sample_rate: 44100, channels: 2 });
    expect(task.audio[0].url).toMatch(/\.wav$/);
    expect(task.title).toMatchObject({
      title: expect.any(String),
      summary: expect.stringMatching(/lo-fi/),
      display_tags: expect.any(Array),
    });
    expect(task).not.toHaveProperty('vocals');
    expect(task).not.toHaveProperty('ducked');
    const path = await expectAudio(task.audio[0], 'music.wav', 'audio/wav');
    expect((await detectWatermarkFile(path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
  });

  it('preserve_speech adds vocals and mux[]; ducking adds ducked[]; two variants', async () => {
    const task = await submit({ preserve_speech: 'true', ducking: 'true', variants_num: 2 });
    expect(task.variants_num).toBe(2);
    expect(task.audio.map((a: Loose) => a.stream_index)).toEqual([0, 1]);
    expect(task.audio[0].url).not.toBe(task.audio[1].url);
    expect(task.audio[1].title.title).toBeTruthy();
    await expectAudio(task.vocals, 'vocals.m4a', 'audio/mp4');
    expect(task.mux.map((m: Loose) => m.stream_index)).toEqual([0, 1]);
    expect(task.mux[0].url).toMatch(/\.mp4$/);
    const mux = await expectAudio(task.mux[0], 'mux.mp4', 'audio/mp4');
    expect((await detectWatermarkFile(mux, DEFAULT_WATERMARK_KEY)).found).toBe(true);
    expect(task.ducked).toHaveLength(2);
    expect(task.ducked[0]).toMatchObject({ stream_index: 0, sample_rate: 44100, channels: 2 });
    await expectAudio(task.ducked[1], 'ducked.m4a', 'audio/mp4');
  });

  it('refuses async-only settings on a stream (400) and bad fields (422) before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const cases: [Record<string, string | number>, number][] = [
      [{ preserve_speech: 'true' }, 400],
      [{ isolate_vocals: 'true' }, 400],
      [{ ducking: 'true' }, 400],
      [{ output_format: 'mp3' }, 400],
      [{ variants_num: 2 }, 400],
      [{ prompt_influence: '1.5' }, 422],
      [{ prompt_influence: 'lots' }, 422],
      [{ mode: 'async', stems: 'true' }, 422],
      [{ mode: 'async', variants_num: 11 }, 422],
      [{ prompt: 'x'.repeat(2001) }, 422],
      [
        {
          segments: JSON.stringify([
            { start: 0, prompt: 'calm' },
            { start: 9, prompt: 'big' },
          ]),
        },
        422,
      ],
      [{ segments: JSON.stringify([{ start: 1, end: 8, prompt: 'calm' }]) }, 422],
      [{ segments: '{"start": 0}' }, 422],
    ];
    for (const [fields, status] of cases) {
      const res = await engine.post('/v1/video-to-music', fields, { video });
      expect(res.status, JSON.stringify(fields)).toBe(status);
    }
    expect((await engine.post('/v1/video-to-music', {})).status).toBe(400);
    expect(
      (
        await engine.post(
          '/v1/video-to-music',
          { video_url: 'https://example.com/v.mp4' },
          { video },
        )
      ).status,
    ).toBe(400);
    const tone = await makeTestAudio({ seconds: 2, dir, name: 'tone.wav' });
    expect((await engine.post('/v1/video-to-music', {}, { video: tone })).status).toBe(422);
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });

  it('accepts start-only music segments with labels', async () => {
    const segments = JSON.stringify([
      { start: 0, prompt: 'quiet piano', label: 'intro' },
      { start: 3, prompt: 'full band', label: 'chorus' },
    ]);
    const task = await submit({ segments, prompt: 'pop' });
    await expectAudio(task.audio[0], 'segments.m4a', 'audio/mp4');
  });
});
