import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseTaskRequest,
  requestDelivery,
  toFormFields,
  type TaskRequest,
} from '../../shared/api/requests/registry';
import type { TaskType } from '../../shared/api/task-types';
import { startTestEngine, tempDir, type Loose, type TestEngine } from '../testing/harness';
import { makeTestVideo } from '../testing/media';

/**
 * The app's own requests with every option set (the wire form the task forms send, built by
 * shared/api/requests) are accepted by the local engine on a real loopback port, and the
 * options reach the task it keeps: prompt_influence, variants_num, keep_original_sound,
 * segments, ducking and output_format (docs/api-notes.md 6.2-6.8).
 */
let engine: TestEngine;
let dir: string;
let video: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-options-');
  video = await makeTestVideo({ seconds: 4, cuts: [2], dir, name: 'clip.mp4' });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const SEGMENTS = [
  { start: 0, end: 2, prompt: 'calm' },
  { start: 2, end: 4, prompt: 'lift' },
];

function wire<T extends TaskType>(type: T, input: Record<string, unknown>) {
  const parsed = parseTaskRequest(type, { video, ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const request = parsed.value as TaskRequest<T>;
  return { parts: toFormFields(type, request), delivery: requestDelivery(type, request) };
}

/** Posts the app's request; for a task, waits for it and returns it with its stored input. */
async function send<T extends TaskType>(
  type: T,
  path: string,
  input: Record<string, unknown>,
): Promise<{ status: number; task?: Loose; stored?: Loose; fields: Record<string, string> }> {
  const { parts } = wire(type, input);
  const res = await engine.post(path, parts.fields, parts.files);
  expect(res.status, res.text).toBeGreaterThanOrEqual(200);
  expect(res.status, res.text).toBeLessThan(300);
  if (res.status !== 202) return { status: res.status, fields: parts.fields };
  const task = await engine.pollTask(res.body.task_id, { timeoutMs: 240_000 });
  expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  const record = JSON.parse(
    await readFile(join(engine.dataDir, 'tasks', task.task_id, 'task.json'), 'utf8'),
  ) as Loose;
  return { status: 202, task, stored: record.input, fields: parts.fields };
}

describe('the app sends every option and the local engine takes it', () => {
  it('video-to-music: prompt_influence on a stream; variants and ducking on a task', async () => {
    const stream = await send('video_to_music', '/v1/video-to-music', { prompt_influence: 0 });
    expect(stream.fields.prompt_influence).toBe('0');
    expect(stream.status).toBe(200);
    const task = await send('video_to_music', '/v1/video-to-music', {
      mode: 'async',
      prompt: 'warm piano',
      prompt_influence: 0.8,
      variants_num: 2,
      ducking: true,
      output_format: 'mp3',
      segments: SEGMENTS,
    });
    expect(task.fields).toMatchObject({ variants_num: '2', stems: 'false' });
    expect(task.stored).toMatchObject({
      promptInfluence: 0.8,
      variants: 2,
      ducking: true,
      outputFormat: 'mp3',
      segments: [expect.objectContaining({ prompt: 'calm' }), expect.anything()],
    });
    expect(task.task.audio).toHaveLength(2);
    expect(task.task.variants_num).toBe(2);
  });

  it('video-to-video-music: segments, prompt_influence, keep_original_sound, ducking, variants', async () => {
    const { fields, stored, task } = await send(
      'video_to_video_music',
      '/v1/video-to-video-music',
      {
        segments: SEGMENTS,
        prompt_influence: 0.25,
        keep_original_sound: true,
        ducking: true,
        variants_num: 2,
      },
    );
    expect(fields).toMatchObject({ keep_original_sound: 'true', ducking: 'true' });
    expect(stored).toMatchObject({
      promptInfluence: 0.25,
      keepOriginalSound: true,
      ducking: true,
      variants: 2,
      segments: [expect.objectContaining({ prompt: 'calm' }), expect.anything()],
    });
    expect(task.videos).toHaveLength(2);
  });

  it('video-to-sound: output_format and variants; video-to-video-sound: keep_original_sound', async () => {
    const sound = await send('video_to_sound', '/v1/video-to-sound', {
      music_prompt: 'ambient',
      output_format: 'm4a',
      variants_num: 2,
      ducking: true,
    });
    expect(sound.stored).toMatchObject({ output: 'm4a', variants: 2, ducking: true });
    expect(sound.task.outputs).toHaveLength(2);
    const v2v = await send('video_to_video_sound', '/v1/video-to-video-sound', {
      sfx_prompt: 'city',
      keep_original_sound: true,
      segments: SEGMENTS,
    });
    expect(v2v.stored).toMatchObject({ keepOriginalSound: true, variants: 1 });
  });
});
