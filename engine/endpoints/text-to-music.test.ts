import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64 } from '../../shared/api/ndjson';
import {
  parseNdjson,
  postRaw,
  startTestEngine,
  tempDir,
  type TestEngine,
} from '../testing/harness';
import { ffprobeJson } from '../testing/media';

let engine: TestEngine;
let dir: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-t2m-');
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

describe('POST /v1/text-to-music, stream mode', () => {
  it('streams title, audio chunks that make an m4a of the requested length, cost, then complete', async () => {
    const res = await engine.post('/v1/text-to-music', { prompt: 'calm lofi piano', duration: 6 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const events = parseNdjson(res.text);
    expect(events[0]?.type).toBe('title');
    expect(events[0]?.title).toBeTruthy();
    const kinds = events.map((e) => e.type);
    expect(kinds.slice(-2)).toEqual(['cost', 'complete']);
    const chunks = events.filter((e) => e.type === 'audio_chunk');
    expect(chunks.length).toBeGreaterThan(0);
    expect(kinds.indexOf('audio_chunk')).toBe(1);
    for (const chunk of chunks) expect(chunk).toMatchObject({ stream_index: 0, num_streams: 1 });
    const bytes = Buffer.concat(chunks.map((c) => Buffer.from(decodeBase64(c.data as string)!)));
    const path = join(dir, 'stream.m4a');
    await writeFile(path, bytes);
    const probe = await ffprobeJson(path);
    expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.5);
    expect(probe.streams[0]?.codec_name).toBe('aac');
    const cost = events.at(-2)!;
    expect(cost).toEqual({
      type: 'cost',
      billing_rate_per_sec: '0.01',
      billing_before_discount: '0.0600',
      billing_after_discount: '0.0600',
      discount_factor: '1.0000',
    });
  });

  it('refuses async-only settings on a stream with 400', async () => {
    for (const extra of [
      { output_format: 'wav' },
      { output_format: 'mp3' },
      { variants_num: 2 },
      { stems: 'true' },
    ]) {
      const res = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
  });
});

describe('POST /v1/text-to-music, async mode', () => {
  it('renders m4a and wav files served with the right type and length', async () => {
    for (const format of ['m4a', 'wav'] as const) {
      const ack = await engine.post('/v1/text-to-music', {
        prompt: 'upbeat synthwave',
        duration: 5,
        mode: 'async',
        output_format: format,
      });
      expect(ack.status).toBe(202);
      expect(ack.body).toEqual({ task_id: expect.any(String), status: 'processing' });
      const task = await engine.pollTask(ack.body.task_id);
      expect(task).toMatchObject({
        task_id: ack.body.task_id,
        status: 'succeeded',
        type: 'text_to_music',
        refunded: false,
        duration_seconds: 5,
        cost: 0.05,
      });
      expect(task.audio).toHaveLength(1);
      const [audio] = task.audio;
      expect(audio).toMatchObject({
        stream_index: 0,
        content_type: format === 'm4a' ? 'audio/mp4' : 'audio/wav',
        sample_rate: 44100,
        channels: 2,
      });
      expect(audio.url).toMatch(new RegExp(`^${engine.url}/files/[0-9a-f]{32}/music\\.${format}$`));
      expect(task.title).toMatchObject({
        title: expect.any(String),
        summary: expect.any(String),
        display_tags: expect.any(Array),
      });
      const file = await download(audio.url, `async.${format}`);
      expect(file.contentType).toBe(audio.content_type);
      expect(file.bytes).toBe(audio.file_size);
      const probe = await ffprobeJson(file.path);
      expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.5);
    }
  });

  it('accepts an urlencoded body (Python SDK, MCP)', async () => {
    const ack = await engine.post(
      '/v1/text-to-music',
      { prompt: 'jazz trio', duration: 5, mode: 'async' },
      undefined,
      { encoding: 'urlencoded' },
    );
    expect(ack.status).toBe(202);
    expect((await engine.pollTask(ack.body.task_id)).status).toBe('succeeded');
  });

  it('renders one take per variant, billed per variant', async () => {
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'epic orchestral',
      duration: 5,
      mode: 'async',
      variants_num: 2,
    });
    expect(ack.status).toBe(202);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task).toMatchObject({ status: 'succeeded', variants_num: 2, cost: 0.1 });
    expect(task.audio.map((a: { stream_index: number }) => a.stream_index)).toEqual([0, 1]);
    expect(task.audio[0].url).not.toBe(task.audio[1].url);
    expect(task.audio[1].title.title).toBeTruthy();
  });

  it('accepts start-only music segments and full {start, end, prompt} segments', async () => {
    const startOnly = JSON.stringify([
      { start: 0, prompt: 'soft intro' },
      { start: 3, prompt: 'big chorus', label: 'chorus' },
    ]);
    const full = JSON.stringify([
      { start: 0, end: 2.5, prompt: 'quiet' },
      { start: 2.5, end: 5, prompt: 'loud' },
    ]);
    for (const segments of [startOnly, full]) {
      const ack = await engine.post('/v1/text-to-music', {
        prompt: 'pop',
        duration: 5,
        mode: 'async',
        segments,
      });
      expect(ack.status, segments).toBe(202);
      expect((await engine.pollTask(ack.body.task_id)).status).toBe('succeeded');
    }
  });
});

describe('POST /v1/text-to-music validation', () => {
  const cases: [string, Record<string, string | number>, number][] = [
    ['empty prompt', { prompt: '', duration: 10 }, 422],
    ['blank prompt', { prompt: '   ', duration: 10 }, 422],
    ['too-long prompt', { prompt: 'x'.repeat(2001), duration: 10 }, 422],
    ['missing prompt', { duration: 10 }, 422],
    ['missing duration', { prompt: 'rock' }, 422],
    ['duration 4', { prompt: 'rock', duration: 4 }, 422],
    ['duration 361', { prompt: 'rock', duration: 361 }, 422],
    ['duration 30.5', { prompt: 'rock', duration: '30.5' }, 422],
    ['duration text', { prompt: 'rock', duration: 'long' }, 422],
    ['bad mode', { prompt: 'rock', duration: 10, mode: 'later' }, 422],
    [
      'bad output_format',
      { prompt: 'rock', duration: 10, mode: 'async', output_format: 'ogg' },
      422,
    ],
    ['segments not JSON', { prompt: 'rock', duration: 10, segments: '[{' }, 422],
    [
      'segments not starting at 0',
      { prompt: 'rock', duration: 10, segments: '[{"start":1,"end":5,"prompt":"a"}]' },
      422,
    ],
    [
      'segments with a gap',
      {
        prompt: 'rock',
        duration: 10,
        segments: '[{"start":0,"end":4,"prompt":"a"},{"start":5,"end":8,"prompt":"b"}]',
      },
      422,
    ],
    [
      'segments past the duration',
      { prompt: 'rock', duration: 10, segments: '[{"start":0,"end":12,"prompt":"a"}]' },
      422,
    ],
    [
      'segment prompt too long',
      {
        prompt: 'rock',
        duration: 10,
        segments: JSON.stringify([{ start: 0, end: 5, prompt: 'y'.repeat(201) }]),
      },
      422,
    ],
    ['empty segment list', { prompt: 'rock', duration: 10, segments: '[]' }, 422],
  ];

  it.each(cases)('%s → %i, with no task and no usage', async (_name, fields, status) => {
    const before = await usageRequests();
    const res = await engine.post('/v1/text-to-music', fields);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe('unprocessable_entity');
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(await usageRequests()).toBe(before);
  });

  it('rejects a JSON body with 422 "Field required"', async () => {
    const res = await postRaw(
      engine,
      '/v1/text-to-music',
      JSON.stringify({ prompt: 'rock', duration: 10 }),
      'application/json',
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Field required');
    expect(res.body.errors.map((e: { loc: string[] }) => e.loc[1])).toEqual(['prompt', 'duration']);
  });
});
