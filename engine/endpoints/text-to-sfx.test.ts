import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, tempDir, type TestEngine } from '../testing/harness';
import { ffprobeJson } from '../testing/media';
import { detectWatermarkFile } from '../watermark/index';

const WATERMARK_KEY = 'sfx-contract-key';
let engine: TestEngine;
let dir: string;

beforeAll(async () => {
  engine = await startTestEngine({ watermarkKey: WATERMARK_KEY });
  dir = await tempDir('soundstage-t2sfx-');
});
afterAll(async () => {
  await engine.close();
});

async function download(
  url: string,
  name: string,
): Promise<{ path: string; contentType: string | null; bytes: number }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, contentType: res.headers.get('content-type'), bytes: bytes.length };
}

const usageRequests = async () =>
  (await engine.get('/v1/account/usage')).body.summary.total_requests as number;

describe('POST /v1/text-to-sfx', () => {
  it('renders an m4a by default, of the exact length, watermarked with the engine key', async () => {
    const ack = await engine.post('/v1/text-to-sfx', {
      prompt: 'heavy rain on a window',
      duration: 10,
    });
    expect(ack.status).toBe(202);
    expect(ack.body).toEqual({ task_id: expect.any(String), status: 'processing' });
    const task = await engine.pollTask(ack.body.task_id);
    expect(task).toMatchObject({
      status: 'succeeded',
      type: 'text_to_sfx',
      duration_seconds: 10,
      refunded: false,
    });
    expect(task.audio).toMatchObject({
      content_type: 'audio/mp4',
      file_size: expect.any(Number),
      sample_rate: 44100,
      channels: 2,
    });
    expect(task.audio.url).toMatch(/\/sfx\.m4a$/);
    expect(task).not.toHaveProperty('video');
    const file = await download(task.audio.url, 'rain.m4a');
    expect(file.contentType).toBe('audio/mp4');
    expect(file.bytes).toBe(task.audio.file_size);
    const probe = await ffprobeJson(file.path);
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'aac',
      sample_rate: '44100',
      channels: 2,
    });
    expect(Math.abs(Number(probe.format.duration) - 10)).toBeLessThanOrEqual(0.05);
    const mark = await detectWatermarkFile(file.path, WATERMARK_KEY);
    expect(mark).toEqual({ found: true, payload: expect.any(Number) });
    expect((await detectWatermarkFile(file.path, 'another-key')).found).toBe(false);
  });

  it.each([
    ['wav', 'audio/wav', 'pcm_s16le'],
    ['mp3', 'audio/mpeg', 'mp3'],
    ['flac', 'audio/flac', 'flac'],
    ['aac', 'audio/mp4', 'aac'],
  ] as const)('audio_format=%s gives %s', async (format, contentType, codec) => {
    const ack = await engine.post(
      '/v1/text-to-sfx',
      { prompt: 'whoosh', duration: 1, audio_format: format },
      undefined,
      { encoding: 'urlencoded' },
    );
    expect(ack.status).toBe(202);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task.audio.content_type).toBe(contentType);
    const ext = format === 'aac' ? 'm4a' : format;
    expect(task.audio.url.endsWith(`.${ext}`)).toBe(true);
    const file = await download(task.audio.url, `whoosh.${ext}`);
    expect(file.contentType).toBe(contentType);
    const probe = await ffprobeJson(file.path);
    expect(probe.streams[0]?.codec_name).toBe(codec);
    expect(Math.abs(Number(probe.format.duration) - 1)).toBeLessThanOrEqual(0.05);
  });
});

describe('POST /v1/text-to-sfx validation', () => {
  it('refuses an unknown audio_format with 400 invalid_request and the service wording', async () => {
    const before = await usageRequests();
    const res = await engine.post('/v1/text-to-sfx', {
      prompt: 'rain',
      duration: 5,
      audio_format: 'ogg',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      message: 'audio_format must be one of wav, mp3, aac, flac',
    });
    expect(await usageRequests()).toBe(before);
  });

  const cases: [string, Record<string, string | number>][] = [
    ['missing prompt', { duration: 5 }],
    ['empty prompt', { prompt: '', duration: 5 }],
    ['blank prompt', { prompt: '  ', duration: 5 }],
    ['prompt over 2000 characters', { prompt: 'x'.repeat(2001), duration: 5 }],
    ['missing duration', { prompt: 'rain' }],
    ['duration 0', { prompt: 'rain', duration: 0 }],
    ['duration 181', { prompt: 'rain', duration: 181 }],
    ['fractional duration', { prompt: 'rain', duration: '2.5' }],
    [
      'bad audio_format and a bad duration: the 422 wins',
      { prompt: 'rain', duration: 500, audio_format: 'ogg' },
    ],
  ];
  it.each(cases)('%s → 422 with no task and no usage', async (_name, fields) => {
    const before = await usageRequests();
    const res = await engine.post('/v1/text-to-sfx', fields);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unprocessable_entity');
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(await usageRequests()).toBe(before);
  });

  it('accepts a prompt of exactly 2000 characters', async () => {
    const ack = await engine.post('/v1/text-to-sfx', { prompt: 'wind '.repeat(400), duration: 1 });
    expect(ack.status).toBe(202);
    expect((await engine.pollTask(ack.body.task_id)).status).toBe('succeeded');
  });
});
