import { timeSync } from '../../shared/node/toolchain';
import { decodeToPcm, writeWav } from '../audio/wav';
import { createWatermarkEmbedder } from '../watermark';
import type { Loudness } from './loudness';
import { masterMix } from './master-mix';
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
 * Delivers a mix as a 16-bit WAV at `outPath`: loudness brought to the target under a true-peak
 * ceiling in memory (master-mix.ts; float all the way, no clipping before the limiter), then
 * watermarked last so nothing after it can weaken the mark. The loudness reported is the
 * measured integrated loudness; the true peak is the limiter's ceiling (nothing passes it).
 */
export async function finishMix(
  pcm: Float32Array[],
  outPath: string,
  options: FinishOptions,
): Promise<MixOutcome<Loudness>> {
  if (options.signal?.aborted) return { ok: false, message: 'Mixing was canceled.' };
  const mastered = masterMix(pcm, MIX_RATE, options);
  if (!mastered) return { ok: false, message: 'The audio is silent; it cannot be normalised.' };
  const { watermark } = options;
  if (watermark)
    timeSync('watermark', () =>
      createWatermarkEmbedder({ ...watermark, sampleRate: MIX_RATE }).process(mastered.channels),
    );
  if (options.signal?.aborted) return { ok: false, message: 'Mixing was canceled.' };
  await writeWav(outPath, { sampleRate: MIX_RATE, channels: mastered.channels }, 16);
  return {
    ok: true,
    value: {
      integratedLufs: mastered.integratedLufs,
      truePeakDb: mastered.truePeakCeilingDb,
      rangeLu: Number.NaN,
    },
  };
}
