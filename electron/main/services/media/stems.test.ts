import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequestSchema } from '../../../../shared/ipc/channels/media';
import { spawnTool, toolPath } from '../../../../shared/node/toolchain';
import { MediaService } from './media-service';
import { stemBase } from './stems';

/**
 * Stems on real ffmpeg (the default one the toolchain resolves), each decoded by ffprobe: one
 * WAV per lane with sound, exactly as long as the video, named after its lane.
 */
const run = promisify(execFile);
let base: string;
let video: string;
let music: string;
let voice: string;

async function ffmpeg(args: string[]): Promise<void> {
  await run(toolPath('ffmpeg'), ['-hide_banner', '-v', 'error', '-y', ...args]);
}

async function probe(file: string): Promise<{ durationS: number; codec: string; rate: string }> {
  const { stdout } = await run(toolPath('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_name,sample_rate',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_name: string; sample_rate?: string }[];
  };
  const stream = json.streams[0]!;
  return {
    durationS: Number(json.format.duration),
    codec: stream.codec_name,
    rate: stream.sample_rate ?? '',
  };
}

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'media-stems-')));
  video = path.join(base, 'clip.mp4');
  music = path.join(base, 'music.wav');
  voice = path.join(base, 'voice.wav');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x90:rate=25:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:sample_rate=48000:duration=4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    video,
  ]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:duration=6', music]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=2', voice]);
});
/** Mean level of a file in dBFS (ffmpeg's volumedetect). */
async function meanVolumeDb(file: string): Promise<number> {
  const { stderr } = await run(toolPath('ffmpeg'), [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(stderr);
  if (!match) throw new Error(`no mean_volume in: ${stderr}`);
  return Number(match[1]);
}

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('stems', () => {
  it('never puts "mix" in a stem name', () => {
    expect(stemBase('Score mix')).toBe('Score');
    expect(stemBase('mix')).toBe('Stems');
    expect(stemBase('Remix night')).toBe('Remix night');
  });

  it('writes one WAV per lane with sound beside the export, as long as the video', async () => {
    const project = path.join(base, 'project');
    const media = new MediaService({
      cacheDir: path.join(base, 'cache'),
      projectFolder: () => project,
      emit: () => undefined,
      spawn: (command, args) => spawnTool(command, args),
    });
    const videoS = (await probe(video)).durationS;
    const exported = await media.export(
      exportRequestSchema.parse({
        exportId: randomUUID(),
        kind: 'video',
        videoPath: video,
        durationMs: Math.round(videoS * 1000),
        source: { gainDb: 0 },
        tracks: [
          // Longer than the video: the stem is cut at the video's end.
          { role: 'music', path: music, gainDb: -6 },
          // An imported file, trimmed on the timeline and placed at 1 s.
          { role: 'audio', path: voice, offsetMs: 1000, trimStartMs: 500, lengthMs: 1000 },
        ],
        duck: { enabled: true, depthDb: 12 },
        loudness: 'streaming',
        stems: true,
        name: 'Score mix',
      }),
    );
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const { stems, path: mixed } = exported.value;
    expect(stems.map((stem) => stem.lane)).toEqual(['source', 'music', 'audio']);
    for (const stem of stems) {
      // Beside the export, named after its lane, no "mix" (only the mixed file has it).
      expect(path.dirname(stem.path)).toBe(path.dirname(mixed));
      expect(path.basename(stem.path).toLowerCase()).toContain(stem.lane);
      expect(path.basename(stem.path).toLowerCase()).not.toContain('mix');
      const info = await probe(stem.path);
      expect(info.codec).toMatch(/^pcm_/);
      expect(info.rate).toBe('48000');
      expect(Math.abs(info.durationS - videoS)).toBeLessThanOrEqual(0.05);
    }
    // No hidden partial file is left behind.
    const left = await fs.readdir(path.dirname(mixed));
    expect(left.filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('ducks the music stem as the mix does, by the chosen depth', async () => {
    const media = new MediaService({
      cacheDir: path.join(base, 'cache'),
      projectFolder: () => path.join(base, 'project-duck'),
      emit: () => undefined,
      spawn: (command, args) => spawnTool(command, args),
    });
    const durationMs = Math.round((await probe(video)).durationS * 1000);
    const musicStemDb = async (duck: { enabled: boolean; depthDb: number }, name: string) => {
      const exported = await media.export(
        exportRequestSchema.parse({
          exportId: randomUUID(),
          kind: 'audio',
          videoPath: video,
          durationMs,
          source: { gainDb: 0 },
          tracks: [{ role: 'music', path: music, gainDb: -6 }],
          duck,
          loudness: 'streaming',
          stems: true,
          name,
        }),
      );
      expect(exported.ok).toBe(true);
      if (!exported.ok) throw new Error(exported.error.message);
      const stem = exported.value.stems.find((s) => s.lane === 'music')!;
      return meanVolumeDb(stem.path);
    };
    // The source (a tone all through) keys the duck for the whole clip.
    const dry = await musicStemDb({ enabled: false, depthDb: 12 }, 'Dry');
    const light = await musicStemDb({ enabled: true, depthDb: 6 }, 'Light');
    const deep = await musicStemDb({ enabled: true, depthDb: 18 }, 'Deep');
    expect(dry - light).toBeGreaterThan(3);
    expect(light - deep).toBeGreaterThan(6);
    // The source itself is not in the music stem: it stays a plain ducked tone, below the dry one.
    expect(deep).toBeLessThan(dry);
  });
});
