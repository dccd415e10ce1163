import { writeWav } from '../audio/wav';
import { bandStop } from './biquad';
import { loadStereo, MIX_RATE, type MixOutcome } from './mix';
import type { SpeechSpan } from './vad';

export type BedMethod = 'mid-side' | 'band-removal';

export interface BedResult {
  outputPath: string;
  method: BedMethod;
  durationSeconds: number;
}

/** Crossfade at each speech edge, seconds. */
const FADE_SECONDS = 0.15;
/** Below this side/mid energy ratio (-30 dB) a "stereo" file is treated as mono. */
const MONO_SIDE_RATIO = 10 ** (-30 / 10);
/** The band where speech lives, removed inside speech on mono sources. */
const SPEECH_BAND = { low: 250, high: 3800 };

/**
 * Weight of the "speech-free" version per sample: 0 outside speech, 1 inside, with straight
 * 150 ms crossfades that finish at the speech edges (so no speech onset leaks through).
 */
export function speechWeight(
  speech: SpeechSpan[],
  frameCount: number,
  sampleRate: number,
): Float32Array {
  const weight = new Float32Array(frameCount);
  const index = (t: number): number =>
    Math.max(0, Math.min(frameCount, Math.round(t * sampleRate)));
  for (const span of speech) {
    const fadeIn = [index(span.start - FADE_SECONDS), index(span.start)] as const;
    const fadeOut = [index(span.end), index(span.end + FADE_SECONDS)] as const;
    for (let i = fadeIn[0]; i < fadeIn[1]; i += 1)
      weight[i] = Math.max(weight[i] ?? 0, (i - fadeIn[0]) / Math.max(1, fadeIn[1] - fadeIn[0]));
    for (let i = fadeIn[1]; i < fadeOut[0]; i += 1) weight[i] = 1;
    for (let i = fadeOut[0]; i < fadeOut[1]; i += 1)
      weight[i] = Math.max(
        weight[i] ?? 0,
        1 - (i - fadeOut[0]) / Math.max(1, fadeOut[1] - fadeOut[0]),
      );
  }
  return weight;
}

function energy(signal: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < signal.length; i += 1) sum += (signal[i] ?? 0) ** 2;
  return sum;
}

/**
 * A background bed without the speech, for dubbing. Stereo with centred dialogue: the side
 * channel (L−R, which holds no centred voice) is kept throughout and the mid channel only
 * outside speech. Mono (or dual-mono) sources: the 250–3800 Hz speech band is removed inside
 * the speech spans only. Both crossfade over 150 ms. Honest limits: centred music elements
 * vanish with the mid during speech; mono beds sound thin while someone talks.
 */
export async function buildBed(
  inPath: string,
  outPath: string,
  speech: SpeechSpan[],
  signal?: AbortSignal,
): Promise<MixOutcome<BedResult>> {
  const loaded = await loadStereo(inPath, signal);
  if (!loaded.ok) return loaded;
  const [left = new Float32Array(0), right = left] = loaded.value;
  const frames = left.length;
  const mid = new Float32Array(frames);
  const side = new Float32Array(frames);
  for (let i = 0; i < frames; i += 1) {
    mid[i] = ((left[i] ?? 0) + (right[i] ?? 0)) / 2;
    side[i] = ((left[i] ?? 0) - (right[i] ?? 0)) / 2;
  }
  const weight = speechWeight(speech, frames, MIX_RATE);
  const stereo = energy(side) > energy(mid) * MONO_SIDE_RATIO;
  const outLeft = new Float32Array(frames);
  const outRight = new Float32Array(frames);
  if (stereo) {
    for (let i = 0; i < frames; i += 1) {
      const keptMid = (mid[i] ?? 0) * (1 - (weight[i] ?? 0));
      outLeft[i] = keptMid + (side[i] ?? 0);
      outRight[i] = keptMid - (side[i] ?? 0);
    }
  } else {
    const carved = bandStop(mid, SPEECH_BAND.low, SPEECH_BAND.high, MIX_RATE);
    for (let i = 0; i < frames; i += 1) {
      const w = weight[i] ?? 0;
      const value = (mid[i] ?? 0) * (1 - w) + (carved[i] ?? 0) * w;
      outLeft[i] = value;
      outRight[i] = value;
    }
  }
  await writeWav(outPath, { sampleRate: MIX_RATE, channels: [outLeft, outRight] }, 32);
  return {
    ok: true,
    value: {
      outputPath: outPath,
      method: stereo ? 'mid-side' : 'band-removal',
      durationSeconds: frames / MIX_RATE,
    },
  };
}

/**
 * The speech of a soundtrack as its own stem (for preserve_speech): the mid channel (where
 * dialogue sits) inside the speech spans, 150 ms crossfades, silence elsewhere. On mono
 * sources whatever plays under the speech comes along; no offline separator can do better.
 */
export async function isolateSpeech(
  inPath: string,
  outPath: string,
  speech: SpeechSpan[],
  signal?: AbortSignal,
): Promise<MixOutcome<{ outputPath: string; durationSeconds: number }>> {
  const loaded = await loadStereo(inPath, signal);
  if (!loaded.ok) return loaded;
  const [left = new Float32Array(0), right = left] = loaded.value;
  const weight = speechWeight(speech, left.length, MIX_RATE);
  const voice = new Float32Array(left.length);
  for (let i = 0; i < voice.length; i += 1)
    voice[i] = (((left[i] ?? 0) + (right[i] ?? 0)) / 2) * (weight[i] ?? 0);
  await writeWav(
    outPath,
    { sampleRate: MIX_RATE, channels: [voice, Float32Array.from(voice)] },
    32,
  );
  return { ok: true, value: { outputPath: outPath, durationSeconds: voice.length / MIX_RATE } };
}
