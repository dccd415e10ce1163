import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../analysis';
import type { VideoAnalysis } from '../analysis-stats';
import { parseMetadataPrint } from '../metadata-print';
import { probeMedia } from '../probe';
import { makeCutsVideo, makeLongCutsVideo, makeMusic, makeTempDir } from './fixtures';

const temp = makeTempDir('analysis');
const video = join(temp.dir, 'cuts.mp4');
let analysis: VideoAnalysis;

beforeAll(async () => {
  makeCutsVideo(video, { audio: true });
  const outcome = await analyzeVideo(video);
  if (!outcome.ok) throw new Error(outcome.message);
  analysis = outcome.value;
});
afterAll(() => temp.cleanup());

describe('probeMedia', () => {
  it('describes a video with audio', async () => {
    const info = await probeMedia(video);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.durationSeconds).toBeCloseTo(9, 0);
    expect(info).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: 320,
      height: 180,
      videoCodec: 'h264',
    });
    expect(info.fps).toBeCloseTo(25, 3);
    expect(info.audioChannels).toBe(1);
  });

  it('describes an audio-only file', async () => {
    const wav = join(temp.dir, 'music.wav');
    makeMusic(wav, 2);
    const info = await probeMedia(wav);
    expect(info).toMatchObject({ ok: true, hasVideo: false, hasAudio: true, audioChannels: 2 });
  });

  it('returns an error value for unreadable files instead of throwing', async () => {
    const junk = join(temp.dir, 'junk.mp4');
    writeFileSync(junk, 'this is not a video');
    expect((await probeMedia(junk)).ok).toBe(false);
    expect((await probeMedia(join(temp.dir, 'missing.mp4'))).ok).toBe(false);
  });
});

describe('analyzeVideo', () => {
  it('decodes a longer picture as two parts at once, with the analysis of one decode', async () => {
    const long = join(temp.dir, 'long-cuts.mp4');
    makeLongCutsVideo(long);
    const whole = await analyzeVideo(long, { parts: 1 });
    const halves = await analyzeVideo(long, { parts: 2 });
    if (!whole.ok) throw new Error(whole.message);
    expect(whole.value.cuts).toHaveLength(3);
    [5, 12, 17].forEach((cut, i) => expect(whole.value.cuts[i]).toBeCloseTo(cut, 1));
    expect(whole.value.seconds.some((second) => second.motion > 0)).toBe(true);
    expect(halves).toEqual(whole);
  });

  it("gives the same analysis from the caller's known duration, without probing again", async () => {
    const probed = await probeMedia(video);
    if (!probed.ok) throw new Error(probed.message);
    const known = await analyzeVideo(video, { durationSeconds: probed.durationSeconds });
    expect(known).toEqual({ ok: true, value: analysis });
  });

  it('finds the two hard cuts to within one frame', () => {
    expect(analysis.cuts).toHaveLength(2);
    expect(analysis.cuts[0]).toBeCloseTo(3, 1);
    expect(analysis.cuts[1]).toBeCloseTo(6, 1);
  });

  it('splits the video into contiguous shots with measured light, motion and colour', () => {
    const [dark, pattern, grey] = analysis.shots;
    expect(analysis.shots).toHaveLength(3);
    expect(dark?.start).toBe(0);
    expect(grey?.end).toBeCloseTo(9, 1);
    expect(dark?.colour).toMatch(/blue/);
    expect(dark?.motion).toBeLessThan(0.2);
    expect(pattern?.motion).toBeGreaterThan(1);
    expect(grey?.colour).toMatch(/grey/);
    expect(grey?.brightness).toBeGreaterThan(dark?.brightness ?? 100);
  });

  it('reports per-second statistics and the motion peak of the sweeping box', () => {
    expect(analysis.seconds).toHaveLength(9);
    expect(analysis.motionPeaks.some((t) => t >= 6.9 && t <= 7.7)).toBe(true);
    expect(analysis.motionPeaks.every((t) => Math.abs(t - 3) > 0.3 && Math.abs(t - 6) > 0.3)).toBe(
      true,
    );
  });

  it('refuses a file with no video track', async () => {
    const wav = join(temp.dir, 'only-audio.wav');
    makeMusic(wav, 1);
    const outcome = await analyzeVideo(wav);
    expect(outcome).toEqual({ ok: false, message: 'The file has no video track.' });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await analyzeVideo(video, { signal: controller.signal });
    expect(outcome.ok).toBe(false);
  });
});

describe('parseMetadataPrint', () => {
  it('reads frames and numeric keys', () => {
    const frames = parseMetadataPrint(
      'frame:0    pts:0       pts_time:0\nlavfi.signalstats.YAVG=126.5\nfoo=bar\nframe:1    pts:5       pts_time:0.2\nlavfi.scene_score=0.8\n',
    );
    expect(frames).toEqual([
      { time: 0, values: { 'lavfi.signalstats.YAVG': 126.5 } },
      { time: 0.2, values: { 'lavfi.scene_score': 0.8 } },
    ]);
  });
});
