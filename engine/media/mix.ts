import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decodeToPcm, writeWav } from '../audio/wav';
import { watermarkWavFile } from '../watermark';
import { normalizeLoudness, type Loudness } from './loudness';
import { probeMedia } from './probe';

/** Sample rate of everything the engine mixes and renders (the watermark detector's rate too). */
export const MIX_RATE = 44_100;

export interface WatermarkSpec {
  key: string;
  payload: number;
}

export type MixOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Decodes a file's first audio track to stereo float PCM at the mix rate; an error value when
 * it cannot. Mono is decoded as mono and copied to both sides, because ffmpeg's own mono-to-
 * stereo upmix lowers the level by 3 dB.
 */
export async function loadStereo(
  path: string,
  signal?: AbortSignal,
): Promise<MixOutcome<Float32Array[]>> {
  const info = await probeMedia(path, signal);
  if (!info.ok) return info;
  if (!info.hasAudio) return { ok: false, message: 'The file has no audio track.' };
  try {
    const mono = info.audioChannels === 1;
    const channels = await decodeToPcm(path, MIX_RATE, mono ? 1 : 2, signal);
    const [first, second = first] = channels;
    if (!first || !second) return { ok: false, message: 'The audio could not be decoded.' };
    return { ok: true, value: [first, mono ? Float32Array.from(first) : second] };
  } catch (error) {
    return { ok: false, message: `Cannot decode audio: ${(error as Error).message.slice(0, 300)}` };
  }
}

/** Silent stereo PCM of a length. */
export function silence(frameCount: number): Float32Array[] {
  return [new Float32Array(frameCount), new Float32Array(frameCount)];
}

/**
 * Adds `source` into `target` (same channel count) with a linear gain and an optional per-sample
 * gain envelope; a source shorter than the target just ends, a longer one is cut.
 */
export function mixInto(
  target: Float32Array[],
  source: Float32Array[],
  gain: number,
  envelope?: Float32Array,
): void {
  target.forEach((out, c) => {
    const input = source[c] ?? source[0];
    if (!input) return;
    const length = Math.min(out.length, input.length);
    for (let i = 0; i < length; i += 1) {
      out[i] = (out[i] ?? 0) + (input[i] ?? 0) * gain * (envelope ? (envelope[i] ?? 1) : 1);
    }
  });
}

export interface FinishOptions {
  targetLufs: number;
  truePeakDb: number;
  watermark?: WatermarkSpec;
  signal?: AbortSignal;
}

/**
 * Delivers a mix as a 16-bit WAV at `outPath`: float intermediate (no clipping before the
 * limiter), loudness normalised under a true-peak ceiling, then watermarked last so nothing
 * after it can weaken the mark.
 */
export async function finishMix(
  pcm: Float32Array[],
  outPath: string,
  options: FinishOptions,
): Promise<MixOutcome<Loudness>> {
  const dir = await mkdtemp(join(dirname(outPath), '.mix-'));
  try {
    const raw = join(dir, 'raw.wav');
    await writeWav(raw, { sampleRate: MIX_RATE, channels: pcm }, 32);
    const loudness = await normalizeLoudness(raw, outPath, {
      targetLufs: options.targetLufs,
      truePeakDb: options.truePeakDb,
      signal: options.signal,
      codecArgs: ['-c:a', 'pcm_s16le', '-ar', String(MIX_RATE)],
    });
    if (!loudness.ok) return loudness;
    if (options.watermark) await watermarkWavFile(outPath, options.watermark);
    return loudness;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
