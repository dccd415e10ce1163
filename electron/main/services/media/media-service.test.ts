import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaChannels } from '../../../../shared/ipc/channels/media';
import { CLIP_FPS, CUTS_MS, makeClips, type Clips } from './__tests__/clips';
import { MediaService } from './media-service';
import { spawnTool, type SpawnTool } from '../../../../shared/node/toolchain';

/**
 * The media services on real ffmpeg: clips with known cuts and bursts are made with lavfi, and
 * every answer is checked against what those clips are known to contain.
 */
let base: string;
let clips: Clips;
let spawns: string[] = [];
const countingSpawn: SpawnTool = (command, args) => {
  spawns.push(`${command} ${args.join(' ')}`);
  return spawnTool(command, args);
};

function service(cacheName = 'cache'): MediaService {
  return new MediaService({
    cacheDir: path.join(base, cacheName),
    projectFolder: () => path.join(base, 'project'),
    emit: () => undefined,
    spawn: countingSpawn,
  });
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'media-service-'));
  clips = await makeClips(base);
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('inspect', () => {
  it('reports container, picture and sound of a clip', async () => {
    const info = await service().inspect(clips.cuts);
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(mediaChannels['media:inspect'].response.parse(info.value)).toEqual(info.value);
    expect(info.value).toMatchObject({
      container: 'mp4',
      video: { codec: 'h264', width: 320, height: 180, fps: CLIP_FPS },
      audio: { codec: 'aac', channels: 1, sampleRate: 48000 },
    });
    expect(Math.abs(info.value.durationMs - 10_000)).toBeLessThanOrEqual(60);
    expect(info.value.bytes).toBe((await fs.stat(clips.cuts)).size);
  });

  it('says a video has no sound, and refuses a file that is not media', async () => {
    const silent = await service().inspect(clips.silent);
    expect(silent.ok && silent.value.audio).toBeUndefined();
    expect(silent.ok && silent.value.video?.fps).toBe(CLIP_FPS);
    expect(await service().inspect(clips.notMedia)).toMatchObject({
      ok: false,
      error: { code: 'not_media' },
    });
  });
});

describe('peaks', () => {
  it('gives one min/max pair per bucket, loud in the bursts and quiet between', async () => {
    const peaks = await service().peaks(clips.cuts, 100);
    expect(peaks.ok).toBe(true);
    if (!peaks.ok) return;
    const pairs = new Int8Array(Buffer.from(peaks.value.peaks, 'base64'));
    expect(peaks.value.pointsPerSecond).toBe(100);
    expect(Math.abs(peaks.value.durationMs - 10_000)).toBeLessThanOrEqual(60);
    expect(Math.abs(pairs.length / 2 - 1000)).toBeLessThanOrEqual(6);
    for (let bucket = 0; bucket < pairs.length / 2; bucket++)
      expect(pairs[bucket * 2]!).toBeLessThanOrEqual(pairs[bucket * 2 + 1]!);
    const maxOf = (fromS: number, toS: number) => {
      const from = Math.round(fromS * 100);
      const buckets = Array.from({ length: Math.round(toS * 100) - from }, (_, i) => from + i);
      return Math.max(...buckets.map((bucket) => pairs[bucket * 2 + 1]!));
    };
    // Bursts are at 0.5 of full scale (about 63 of 127); the gaps 30 dB lower (about 2).
    for (const second of [1, 3, 5, 8]) {
      expect(maxOf(second + 0.1, second + 0.4)).toBeGreaterThan(50);
      expect(maxOf(second + 0.6, second + 0.9)).toBeLessThan(6);
    }
  });

  it('says there is no waveform for a video without sound', async () => {
    expect(await service().peaks(clips.silent, 100)).toMatchObject({
      ok: false,
      error: { code: 'no_audio' },
    });
  });
});

describe('shot changes', () => {
  it('finds the known cuts within one frame', async () => {
    const shots = await service().shots(clips.cuts, 0.3);
    expect(shots.ok).toBe(true);
    if (!shots.ok) return;
    expect(shots.value.shotsMs).toHaveLength(CUTS_MS.length);
    shots.value.shotsMs.forEach((ms, i) =>
      expect(Math.abs(ms - CUTS_MS[i]!)).toBeLessThanOrEqual(1000 / CLIP_FPS),
    );
  });

  it('follows the threshold: a strict one keeps only the starkest cut (green to white)', async () => {
    // On the RGB scene score (SCENE_SCORE_INPUT) the cuts score 0.66, 0.49 and 0.83 (green to white).
    const shots = await service().shots(clips.cuts, 0.75);
    expect(shots.ok && shots.value.threshold).toBe(0.75);
    const found = shots.ok ? shots.value.shotsMs : [];
    expect(found).toHaveLength(1);
    expect(Math.abs(found[0]! - 7500)).toBeLessThanOrEqual(1000 / CLIP_FPS);
  });
});

describe('shot changes as they are found', () => {
  it('pushes each change under the asked path, then answers the same list; a cache hit pushes none', async () => {
    const pushed: unknown[] = [];
    const media = new MediaService({
      cacheDir: path.join(base, 'cache-pushed'),
      projectFolder: () => path.join(base, 'project'),
      emit: (channel, payload) => {
        if (channel === 'media:shotFound') pushed.push(payload);
      },
    });
    const cold = await media.shots(clips.cuts, 0.3, '/asked/cuts.mp4');
    expect(cold.ok).toBe(true);
    if (!cold.ok) return;
    expect(pushed).toEqual(
      cold.value.shotsMs.map((ms) => ({ path: '/asked/cuts.mp4', threshold: 0.3, ms })),
    );
    pushed.length = 0;
    expect(await media.shots(clips.cuts, 0.3, '/asked/cuts.mp4')).toEqual(cold);
    expect(pushed).toEqual([]);
  });
});

describe('disk cache by file identity', () => {
  it('answers a second request from the cache file without starting ffmpeg', async () => {
    const media = service('cache-hit');
    const coldPeaks = await media.peaks(clips.cuts, 50);
    const coldShots = await media.shots(clips.cuts, 0.3);
    spawns = [];
    expect(await media.peaks(clips.cuts, 50)).toEqual(coldPeaks);
    expect(await media.shots(clips.cuts, 0.3)).toEqual(coldShots);
    expect(spawns).toEqual([]);
    const files = await fs.readdir(path.join(base, 'cache-hit', 'peaks'));
    expect(files).toHaveLength(1);
    // The compact file: a 16-byte header and two bytes per bucket.
    const size = (await fs.stat(path.join(base, 'cache-hit', 'peaks', files[0]!))).size;
    expect(size).toBe(
      16 + Buffer.from((coldPeaks as { value: { peaks: string } }).value.peaks, 'base64').length,
    );
  });

  it('misses when the parameters or the file change', async () => {
    const media = service('cache-miss');
    const copy = path.join(base, 'copy.mp4');
    await fs.copyFile(clips.cuts, copy);
    await media.shots(copy, 0.3);
    // A scan is one ffprobe (duration, to plan its ranges) and one ffmpeg per range.
    const scans = () => spawns.filter((spawn) => spawn.startsWith('ffmpeg ')).length;
    spawns = [];
    await media.shots(copy, 0.4);
    expect(scans()).toBe(1);
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(copy, later, later);
    await media.shots(copy, 0.3);
    expect(scans()).toBe(2);
  });
});
