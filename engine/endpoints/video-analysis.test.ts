import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSegments } from '../../shared/api/segments';
import { startTestEngine, tempDir, type Loose, type TestEngine } from '../testing/harness';
import { makeTestAudio, makeTestVideo } from '../testing/media';
import { toolPath } from '../../shared/node/toolchain';

let engine: TestEngine;
let dir: string;
let video: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await tempDir('soundstage-analysis-');
  video = await makeTestVideo({ seconds: 8, cuts: [3, 5.5], dir, name: 'cuts.mp4' });
});
afterAll(async () => {
  await engine.close();
});

async function analyse(fields: Record<string, string | number>): Promise<Loose> {
  const res = await engine.post('/v1/video-analysis', fields, { video });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'processing' });
  return engine.pollTask(res.body.task_id);
}

function expectBriefSegments(segments: Loose[]): void {
  expect(checkSegments(segments, 8)).toEqual([]);
  for (const segment of segments) {
    expect(Number.isInteger(segment.start) && Number.isInteger(segment.end)).toBe(true);
    expect(typeof segment.label).toBe('string');
    expect(segment.prompt.length).toBeLessThanOrEqual(200);
  }
}

describe('POST /v1/video-analysis', () => {
  it('mode both: a brief grounded in the measured shots, one variation per variant', async () => {
    const task = await analyse({ prompt: 'upbeat product teaser', variants_num: 2 });
    expect(task).toMatchObject({
      status: 'succeeded',
      type: 'video_analysis',
      mode: 'both',
      variants_num: 2,
    });
    expectBriefSegments(task.segments);
    expectBriefSegments(task.sfx_segments);
    expect(task.sfx_segments.map((s: Loose) => s.start)).toEqual([0, 3, 6]);
    expect(task.variations).toHaveLength(2);
    expect(task.variations[0].prompt).toContain('upbeat product teaser');
    expect(task.variations[0].prompt).toMatch(/cuts at 3 s, 5\.5 s/);
    expect(typeof task.sfx_prompt).toBe('string');
    expect(task.duration_seconds).toBeCloseTo(8, 0);
    for (const absent of ['negative_prompt', 'title', 'output_url', 'audio', 'video'])
      expect(task).not.toHaveProperty(absent);
  });

  it('mode music and mode sfx return only their own brief', async () => {
    const music = await analyse({ mode: 'music' });
    expect(music.mode).toBe('music');
    expect(music).not.toHaveProperty('sfx_segments');
    expect(music).not.toHaveProperty('sfx_prompt');
    expect(music).not.toHaveProperty('variants_num');
    expect(music.variations).toHaveLength(1);
    const sfx = await analyse({ mode: 'sfx' });
    expect(sfx.mode).toBe('sfx');
    expect(sfx).not.toHaveProperty('sfx_segments');
    expect(sfx.segments.every((s: Loose) => s.label === 'none')).toBe(true);
    expectBriefSegments(sfx.segments);
  });

  it('bills linearly in variants_num', async () => {
    const one = await analyse({ variants_num: 1 });
    const three = await analyse({ variants_num: 3 });
    expect(three.cost).toBeCloseTo(one.cost * 3, 6);
  });

  it('refuses bad fields with 422 and a bad video choice with 400, before charging', async () => {
    const before = (await engine.get('/v1/account/usage')).body.summary.total_requests;
    const bad: [Record<string, string | number>, number][] = [
      [{ mode: 'loud' }, 422],
      [{ variants_num: 6 }, 422],
      [{ variants_num: 0 }, 422],
      [{ prompt: 'x'.repeat(2001) }, 422],
    ];
    for (const [fields, status] of bad) {
      const res = await engine.post('/v1/video-analysis', fields, { video });
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(status);
    }
    expect(
      (
        await engine.post(
          '/v1/video-analysis',
          { video_url: 'https://example.com/a.mp4' },
          { video },
        )
      ).status,
    ).toBe(400);
    expect((await engine.post('/v1/video-analysis', { prompt: 'x' })).status).toBe(400);
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(before);
  });

  it('refuses media without a video track and videos over 480 s with 422', async () => {
    const audio = await makeTestAudio({ seconds: 3, dir, name: 'tone.wav' });
    const noPicture = await engine.post('/v1/video-analysis', {}, { video: audio });
    expect(noPicture.status).toBe(422);
    expect(noPicture.body.message).toMatch(/no video track/);
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
    const tooLong = await engine.post('/v1/video-analysis', {}, { video: long });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toMatch(/exceeds the 480s/);
  });
});
