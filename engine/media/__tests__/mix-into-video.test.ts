import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import { decodeToPcm } from '../../audio/wav';
import { Rng } from '../../music/random';
import { tempDir } from '../../testing/harness';
import { ffprobeJson, makeTestVideo } from '../../testing/media';
import { DEFAULT_WATERMARK_KEY, detectWatermarkFile } from '../../watermark';
import { childProcesses, childrenAfterKill } from '../../testing/processes';
import { measureLoudness } from '../loudness';
import { finishMixIntoVideo } from '../mix-into-video';
import { MIX_RATE } from '../mix';
import { probeMedia } from '../probe';
import { videoStreamMd5 } from './fixtures';

const SECONDS = 12;
let dir = '';
let picture = '';
/** A minute of picture, for a mix long enough to cancel while it encodes. */
let pictureLong = '';

beforeAll(async () => {
  dir = await tempDir('mix-into-video-');
  picture = await makeTestVideo({ seconds: SECONDS, cuts: [4, 8], withAudio: false, dir });
  pictureLong = await makeTestVideo({ seconds: 60, withAudio: false, dir, name: 'minute.mp4' });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A mix-like stereo signal: a pad, a bass line, hats and a hit every half second. */
function mix(seconds = SECONDS): Float32Array[] {
  const rng = new Rng(3);
  const n = seconds * MIX_RATE;
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / MIX_RATE;
    const pad = 0.1 * (Math.sin(2 * Math.PI * 262 * t) + Math.sin(2 * Math.PI * 392 * t));
    const bass = 0.2 * Math.sin(2 * Math.PI * (55 + 5 * Math.floor(t)) * t);
    const beat = t % 0.5;
    const hit = beat < 0.04 ? 0.5 * Math.sin(2 * Math.PI * 80 * beat) * (1 - beat / 0.04) : 0;
    const hat = i % 5512 < 400 ? 0.1 * (rng.next() * 2 - 1) : 0;
    left[i] = pad + bass + hit + hat;
    right[i] = 0.8 * pad + bass + hit - hat;
  }
  return [left, right];
}

/** Signal-to-difference ratio (dB) of `b` against `a`. */
function snr(a: Float32Array[], b: Float32Array[]): number {
  let power = 0;
  let error = 0;
  for (let c = 0; c < 2; c++)
    for (let i = 0; i < Math.min(a[c]!.length, b[c]!.length); i++) {
      power += a[c]![i]! ** 2;
      error += (b[c]![i]! - a[c]![i]!) ** 2;
    }
  return 10 * Math.log10(power / error);
}

describe('finishMixIntoVideo', () => {
  it('encodes a long mix in two halves as one encoder would, under the untouched picture', async () => {
    const options = {
      targetLufs: -14,
      truePeakDb: -1,
      watermark: { key: DEFAULT_WATERMARK_KEY, payload: 4242 },
    };
    const halvesPath = join(dir, 'halves.mp4');
    const singlePath = join(dir, 'single.mp4');
    const halves = await finishMixIntoVideo(mix(), picture, halvesPath, options);
    const single = await finishMixIntoVideo(mix(), picture, singlePath, {
      ...options,
      splitEncode: false,
    });
    if (!halves.ok || !single.ok) throw new Error('mix failed');
    // The same limited, measured and watermarked samples went to the encoders.
    expect(halves.value.loudness.integratedLufs).toBe(single.value.loudness.integratedLufs);
    expect(halves.value.pictureCopied).toBe(true);

    for (const path of [halvesPath, singlePath]) {
      const probe = await ffprobeJson(path);
      const audio = probe.streams.find((s) => s.codec_type === 'audio')!;
      expect(audio).toMatchObject({
        codec_name: 'aac',
        sample_rate: String(MIX_RATE),
        channels: 2,
      });
      expect(Math.abs(Number(audio.start_time))).toBeLessThan(0.001);
      expect(Math.abs(Number(audio.duration) - SECONDS)).toBeLessThan(0.05);
      expect(Math.abs(Number(probe.format.duration) - SECONDS)).toBeLessThan(0.1);
      expect(videoStreamMd5(path)).toBe(videoStreamMd5(picture));
    }
    const loudness = await measureLoudness(halvesPath);
    if (!loudness.ok) throw new Error(loudness.message);
    expect(Math.abs(loudness.value.integratedLufs + 14)).toBeLessThanOrEqual(0.5);
    expect(loudness.value.truePeakDb).toBeLessThanOrEqual(-1);
    expect(await detectWatermarkFile(halvesPath, DEFAULT_WATERMARK_KEY)).toEqual({
      found: true,
      payload: 4242,
    });
    // Decoded in place, the two soundtracks differ by encoder noise only: a shift of even one
    // frame (a lost or doubled priming frame) would bring this near 0 dB.
    const fromHalves = await decodeToPcm(halvesPath, MIX_RATE, 2);
    const fromSingle = await decodeToPcm(singlePath, MIX_RATE, 2);
    expect(snr(fromSingle, fromHalves)).toBeGreaterThan(15);
  });

  it.runIf(process.platform === 'linux')(
    'a cancel while the halves encode kills both encoders and leaves no file',
    async () => {
      const picture = await probeMedia(pictureLong);
      const controller = new AbortController();
      const outPath = join(dir, 'cancelled.mp4');
      const mixing = finishMixIntoVideo(mix(60), pictureLong, outPath, {
        targetLufs: -14,
        truePeakDb: -1,
        picture,
        signal: controller.signal,
      });
      while (childProcesses().length < 2) await new Promise((r) => setTimeout(r, 10));
      expect(childProcesses().join(', ')).toMatch(/ffmpeg.*ffmpeg/);
      controller.abort();
      expect(await mixing).toEqual({ ok: false, message: 'Mixing was canceled.' });
      expect(await childrenAfterKill()).toEqual([]);
      expect((await readdir(dir)).filter((name) => name.startsWith('cancelled'))).toEqual([]);
    },
  );
});
