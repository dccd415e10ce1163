import { BEDS, SHOTS, type LayerSpec } from './catalog';
import { dbToGain, normaliseRms, SAMPLE_RATE, type Stereo } from './dsp/buffer';
import type { Rng } from './dsp/random';
import { loadSample, loopToLength } from './samples';
import { timeSync } from '../../shared/node/toolchain';

/** Working level of each bed before mixing; the final loudness pass sets the real level. */
const BED_RMS = 0.1;
/** Working peak of each one-shot. */
const SHOT_PEAK = 0.7;

/**
 * Renders one continuous layer of `frames`, at the working level times its gain. The recipes
 * are timed as the synthesis stage (docs/engine-notes.md section 9), beside the music's synth.
 */
export async function renderBed(
  layer: LayerSpec,
  frames: number,
  rng: Rng,
  intensity: number,
  signal?: AbortSignal,
): Promise<Stereo> {
  const gain = dbToGain(layer.gainDb ?? 0);
  const ctx = { rng: rng.fork(`bed:${layer.name}`), frames, sampleRate: SAMPLE_RATE, intensity };
  let audio: Stereo;
  if (layer.kind === 'sampleBed') {
    const sample = await loadSample(layer.name, signal);
    audio = timeSync('synthesis', () =>
      sample
        ? loopToLength(sample, frames, Math.round(0.5 * SAMPLE_RATE))
        : BEDS[layer.fallback](ctx),
    );
  } else if (layer.kind === 'bed') {
    const recipe = BEDS[layer.name];
    audio = timeSync('synthesis', () => recipe(ctx));
  } else {
    throw new Error(`${layer.name} is not a continuous layer`);
  }
  return scale(normaliseRms(audio, BED_RMS), gain);
}

/** Renders one one-shot layer at its natural length, peak-normalised to the working level. */
export async function renderShot(
  layer: LayerSpec,
  rng: Rng,
  intensity: number,
  signal?: AbortSignal,
): Promise<Stereo> {
  const gain = dbToGain(layer.gainDb ?? 0);
  let audio: Stereo;
  if (layer.kind === 'sample') {
    const sample = await loadSample(layer.name, signal);
    audio = sample
      ? [sample[0].slice(), sample[1].slice()]
      : timeSync('synthesis', () => SHOTS[layer.fallback](rng, SAMPLE_RATE, intensity));
  } else if (layer.kind === 'shot') {
    const recipe = SHOTS[layer.name];
    audio = timeSync('synthesis', () => recipe(rng, SAMPLE_RATE, intensity));
  } else {
    throw new Error(`${layer.name} is not a one-shot layer`);
  }
  let peak = 0;
  for (const channel of audio)
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]!));
  return peak > 0 ? scale(audio, (SHOT_PEAK / peak) * gain) : audio;
}

function scale(audio: Stereo, gain: number): Stereo {
  if (gain !== 1)
    for (const channel of audio)
      for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * gain;
  return audio;
}
