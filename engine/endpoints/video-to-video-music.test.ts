import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFestival,
  meanVolumeDb,
  placeSpeech,
  videoStreamMd5,
  videoWithAudio,
} from '../media/__tests__/fixtures';
import { startTestEngine, tempDir, type Loose, type TestEngine } from '../testing/harness';
import { ffprobeJson, makeTestVideo } from '../testing/media';
import { DEFAULT_WATERMARK_KEY, detectWatermarkFile } from '../watermark';
import { toolPath } from '../../shared/node/toolchain';

let engine: TestEngine;
let dir: string;
/** 6 s, cuts at 2 and 4 s, a spoken line from 0.5 s as its soundtrack. */
let video: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-v2vm-');
  const picture = await makeTestVideo({
    seconds: 6,
    cuts: [2, 4],
    withAudio: false,
    dir,
    name: 'picture.mp4',
  });
  await makeFestival(join(dir, 'line.wav'), 'Welcome aboard, the ferry leaves at noon.');
  placeSpeech(join(dir, 'speech.wav'), [{ file: join(dir, 'line.wav'), at: 0.5 }], 6);
  video = join(dir, 'talking.mp4');
  videoWithAudio(video, picture, join(dir, 'speech.wav'));
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

async function submit(fields: Record<string, string | number>, file = video): Promise<Loose> {
  const res = await engine.post('/v1/video-to-video-music', fields, { video: file });
  expect(res.status, res.text).toBe(202);
  const task = await engine.pollTask(res.body.task_id, { timeoutMs: 300_000 });
  expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
  return task;
}

async function downloadVideo(media: Loose, name: string): Promise<string> {
  expect(media).toMatchObject({ content_type: 'video/mp4', url: expect.stringMatching(/\.mp4$/) });
  const res = await fetch(media.url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(media.file_size);
  const path = join(dir, name);
  await writeFile(path, bytes);
  const probe = await ffprobeJson(path);
  expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.3);
  // The picture is stream-copied bit for bit.
  expect(videoStreamMd5(path)).toBe(videoStreamMd5(video));
  expect((await detectWatermarkFile(path, DEFAULT_WATERMARK_KEY)).found).toBe(true);
  return path;
}

/** Level of the speech band (voice present or not) while the line is spoken. */
const speechBandDb = (path: string) => meanVolumeDb(path, 1, 2, 'highpass=f=300,lowpass=f=3000');

describe('POST /v1/video-to-video-music', () => {
  it('default: the music replaces the soundtrack under the untouched picture; videos[] + video', async () => {
    const task = await submit({ prompt: 'bright corporate' });
    expect(task).toMatchObject({ type: 'video_to_video_music' });
    expect(task.videos).toHaveLength(1);
    expect(task.video).toEqual(task.videos[0]);
    const path = await downloadVideo(task.video, 'music-only.mp4');
    const withVoice = await submit({
      prompt: 'bright corporate',
      keep_original_sound: 'true',
      ducking: 'true',
    });
    const kept = await downloadVideo(withVoice.video, 'kept.mp4');
    // Keeping the original sound puts the spoken line back on top of the same music.
    expect(speechBandDb(kept)).toBeGreaterThan(speechBandDb(path) + 3);
  });

  it('preserve_speech with two variants gives two videos', async () => {
    const task = await submit({ preserve_speech: 'true', variants_num: 2 });
    expect(task.variants_num).toBe(2);
    expect(task.videos).toHaveLength(2);
    expect(task.videos[0].url).not.toBe(task.videos[1].url);
    await downloadVideo(task.videos[1], 'speech-2.mp4');
  });

  it('refuses animated GIF and bad fields with 422, before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const gif = join(dir, 'anim.gif');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x48:rate=5:duration=2',
      gif,
    ]);
    const refused = await engine.post('/v1/video-to-video-music', {}, { video: gif });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/GIF/);
    for (const fields of [
      { prompt_influence: '-0.1' },
      { variants_num: 0 },
      { keep_original_sound: 'maybe' },
    ]) {
      expect(
        (await engine.post('/v1/video-to-video-music', fields, { video })).status,
        JSON.stringify(fields),
      ).toBe(422);
    }
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });
});
