import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planStretches, sizeSigns, type VideoPacket } from './shot-stretches';
import { detectShots } from './shots';
import { spawnTool, type SpawnTool } from './tool';

/**
 * Two-pass shot detection on real ffmpeg: a 12 s clip with ten cuts, all inside GOPs (x264
 * with B-frames, 4 s GOPs and no keyframe at cuts), including colour A→B→A flashes, one of them
 * between two keyframes that show the same picture (only the packet sizes can reveal it).
 */
const FPS = 25;
const SHOTS: [source: string, seconds: number][] = [
  ['color=c=red', 1.0],
  ['color=c=blue', 0.6],
  ['color=c=red', 0.8],
  ['testsrc2', 1.2],
  ['color=c=purple', 1.4],
  ['color=c=orange', 0.6],
  ['color=c=purple', 2.8],
  ['color=c=yellow', 0.6],
  ['testsrc2', 1.0],
  ['color=c=white', 0.5],
  ['color=c=green', 1.5],
];
const CUTS_MS = SHOTS.slice(0, -1).map((_, i) =>
  Math.round(SHOTS.slice(0, i + 1).reduce((sum, [, s]) => sum + s, 0) * 1000),
);
const FRAME_MS = 1000 / FPS;

let dir: string;
let clip: string;
const spawned: string[] = [];
const countingSpawn: SpawnTool = (command, args) => {
  spawned.push(command);
  return spawnTool(command, args);
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shots-'));
  clip = path.join(dir, 'many-cuts.mp4');
  const parts = SHOTS.map(
    ([source, s], i) =>
      `${source}${source.includes('=') ? ':' : '='}s=320x180:r=${FPS}:d=${s}[v${i}]`,
  );
  const inputs = SHOTS.map((_, i) => `[v${i}]`).join('');
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${parts.join(';')};${inputs}concat=n=${SHOTS.length}:v=1:a=0,format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-bf',
    '3',
    '-g',
    String(4 * FPS),
    '-x264-params',
    'scenecut=0',
    clip,
  ]);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('two-pass shot detection', () => {
  it('finds every cut inside GOPs within one frame, A→B→A flashes included', async () => {
    const shots = await detectShots(countingSpawn, clip, 0.3);
    expect(shots.ok).toBe(true);
    const found = shots.ok ? shots.value : [];
    expect(found).toHaveLength(CUTS_MS.length);
    found.forEach((ms, i) => expect(Math.abs(ms - CUTS_MS[i]!)).toBeLessThanOrEqual(FRAME_MS));
    // Packets, keyframes, then the stretches: more than the one ffmpeg of a plain full decode.
    expect(spawned.slice(0, 2)).toEqual(['ffprobe', 'ffmpeg']);
  });

  it('says a file without picture has no shot changes', async () => {
    const sound = path.join(dir, 'sound.wav');
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=d=1',
      sound,
    ]);
    expect(await detectShots(spawnTool, sound, 0.3)).toMatchObject({
      ok: false,
      error: { code: 'no_video' },
    });
  });
});

const packet = (time: number, size: number, key = false): VideoPacket => ({ time, size, key });

describe('planStretches', () => {
  const PIXELS = 320 * 180;

  it('decodes the GOP of an intra-looking packet though its keyframes look alike', () => {
    const packets = [
      packet(0, 5000, true),
      ...[1, 2, 3, 4, 5].map((i) => packet(i / 10, 300)),
      packet(0.6, 4500),
      packet(0.7, 300),
      packet(2, 5000, true),
      packet(2.1, 300),
    ];
    expect(sizeSigns(packets, PIXELS)).toEqual([0.6]);
    const still = [
      { time: 2, diff: 0 },
      { time: 4, diff: 0 },
    ];
    expect(planStretches(packets, PIXELS, still, 15)).toEqual([{ start: 0, end: 2, runUp: null }]);
  });

  it('decodes a flat GOP in full: a flash of another flat colour codes too small to see', () => {
    const packets = [packet(0, 5000, true), packet(0.1, 300), packet(2, 70, true), packet(2.1, 20)];
    expect(planStretches(packets, PIXELS, [], 15)).toEqual([{ start: 2, end: null, runUp: 0 }]);
  });

  it('asks from the keyframe before a changed scan frame, joining touching stretches', () => {
    const packets = [0, 2, 4, 6, 8].map((t) => packet(t, 5000, true));
    const scan = [
      { time: 2, diff: 40 },
      { time: 4, diff: 60 },
      { time: 6, diff: 1 },
      { time: 8, diff: 90 },
    ];
    expect(planStretches(packets, PIXELS, scan, 15)).toEqual([
      { start: 0, end: 4, runUp: null },
      { start: 6, end: 8, runUp: 4 },
    ]);
  });

  it('splits a long stretch at keyframes so both cores share it', () => {
    const keys = Array.from({ length: 31 }, (_, i) => packet(i * 2, 5000, true));
    const scan = keys.slice(1).map((k) => ({ time: k.time, diff: 80 }));
    expect(planStretches(keys, PIXELS, scan, 15)).toEqual([
      { start: 0, end: 20, runUp: null },
      { start: 20, end: 40, runUp: 18 },
      { start: 40, end: 60, runUp: 38 },
    ]);
  });
});
