import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../../../engine/testing/harness';
import { makeTestVideo } from '../../../../engine/testing/media';
import {
  AAC_FRAME_SAMPLES,
  SPLICE_MARGIN_FRAMES,
} from '../../../../shared/domain/dub/lines/aac-splice-plan';
import { toolPath } from '../../../../shared/node/toolchain';
import { decodePcm } from './dub-audio';
import { spliceDubFile } from './splice-file';

const run = promisify(execFile);
const tool = async (name: 'ffmpeg' | 'ffprobe', args: string[]) =>
  (await run(toolPath(name), args, { maxBuffer: 256 * 1024 * 1024 })).stdout;

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const md5 = async (file: string) =>
  createHash('md5')
    .update(await fs.readFile(file))
    .digest('hex');

it('leaves the previous dub intact when the splicing ffmpeg is killed mid-write', async () => {
  dir = await tempDir('splice-crash-');
  const previous = await makeTestVideo({ seconds: 40, dir, name: 'previous.mp4' });
  const windowDub = await makeTestVideo({ seconds: 3, dir, name: 'window.mp4', fps: 10 });
  const target = path.join(dir, 'dub.mp4');
  await fs.copyFile(previous, target);
  const before = await md5(target);
  const stop = new AbortController();
  // Kill the real ffmpeg process as soon as its output file exists (it is mid-write).
  const watch = setInterval(() => {
    void fs.readdir(dir!).then((names) => {
      if (names.some((name) => name.endsWith('.splice.mp4'))) stop.abort();
    });
  }, 5);
  const result = await spliceDubFile({
    previous,
    windowDub,
    startMs: 10_000,
    endMs: 13_000,
    target,
    signal: stop.signal,
  });
  clearInterval(watch);
  expect(stop.signal.aborted).toBe(true);
  expect(result).toMatchObject({ ok: false });
  expect(await md5(target)).toBe(before);
  // No half-written file is left beside it.
  expect((await fs.readdir(dir)).filter((name) => name.includes('.splice.'))).toEqual([]);
}, 120_000);

/** Each video packet's hash, in order (the picture's packets, never decoded). */
const videoPackets = async (file: string) =>
  (
    await tool('ffmpeg', [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'framemd5',
      '-',
    ])
  )
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

it('re-encodes only the frames around the window: picture, length and the audio outside are unchanged', async () => {
  dir = await tempDir('splice-window-');
  const previous = await makeTestVideo({ seconds: 40, dir, name: 'previous.mp4' });
  // The window's dub: a different tone, so the window plainly changes.
  const windowDub = path.join(dir, 'window.mp4');
  await tool('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=880:sample_rate=44100:duration=3'],
    ...['-ac', '2', '-c:a', 'aac', '-b:a', '96k', windowDub],
  ]);
  const target = path.join(dir, 'dub.mp4');
  await fs.copyFile(previous, target);
  const [startMs, endMs] = [10_000, 13_000];
  const result = await spliceDubFile({ previous, windowDub, startMs, endMs, target });
  expect(result).toMatchObject({ ok: true });

  expect(await videoPackets(target)).toEqual(await videoPackets(previous));
  const duration = async (file: string) =>
    (
      await tool('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        file,
      ])
    ).trim();
  // Every packet keeps its time; only the container's trim of the last packet's padding (under
  // one AAC frame) is not carried over by the bundled ffmpeg's muxer.
  expect(
    Math.abs(Number(await duration(target)) - Number(await duration(previous))),
  ).toBeLessThanOrEqual(AAC_FRAME_SAMPLES / 44_100);

  const format = { sampleRate: 44_100, channels: 2 };
  const [before, after] = await Promise.all([
    decodePcm(previous, format),
    decodePcm(target, format),
  ]);
  if (!before.ok || !after.ok) throw new Error('decode failed');
  expect(after.value.length).toBe(before.value.length);
  // The margin: the re-encoded frames beyond the window and the overlap of the first one after.
  const margin = (SPLICE_MARGIN_FRAMES + 2) * AAC_FRAME_SAMPLES;
  const [from, to] = [(startMs / 1000) * 44_100 - margin, (endMs / 1000) * 44_100 + margin];
  let differentOutside = 0;
  let differentInside = 0;
  for (let sample = 0; sample < before.value.length / 2; sample += 1) {
    const same =
      before.value[sample * 2] === after.value[sample * 2] &&
      before.value[sample * 2 + 1] === after.value[sample * 2 + 1];
    if (same) continue;
    if (sample < from || sample >= to) differentOutside += 1;
    else differentInside += 1;
  }
  expect(differentOutside).toBe(0);
  expect(differentInside).toBeGreaterThan(44_100);
}, 120_000);
