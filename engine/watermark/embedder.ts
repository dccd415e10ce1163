import { chipTemplate } from './chips';
import { BLOCK_SIZE, FRAME_BITS, frameSigns } from './frame';

/**
 * Watermark level relative to the audio, both measured after first differencing (the
 * high-frequency-weighted domain the detector works in). Tuned so the mark survives AAC 128k
 * and mixing with other audio at -6 dB while staying far below the content where it can mask.
 */
export const EMBED_ALPHA = 0.06;

/** The gain follows the audio's level in sub-blocks this long (5.8 ms at 44.1 kHz). */
const SUB_BLOCK = 256;
/** Envelope release time constant; attack is instant so onsets are covered at once. */
const RELEASE_SECONDS = 0.05;

export interface WatermarkEmbedder {
  /** Adds the watermark to planar samples in place; call with consecutive chunks of any size. */
  process(channels: Float32Array[]): void;
}

/**
 * Streaming spread-spectrum embedder. Every decision depends only on the absolute sample
 * position and on samples already seen, so chunked and whole-file embedding are identical.
 */
export function createWatermarkEmbedder(opts: {
  key: string;
  payload: number;
  sampleRate: number;
  /** Overrides EMBED_ALPHA (robustness measurements only). */
  alpha?: number;
}): WatermarkEmbedder {
  const alpha = opts.alpha ?? EMBED_ALPHA;
  const { wave, matchedRms } = chipTemplate(opts.key, opts.sampleRate);
  const signs = frameSigns(opts.payload, opts.key);
  const release = Math.exp(-SUB_BLOCK / (RELEASE_SECONDS * opts.sampleRate));
  let position = 0;
  let previousMono = 0;
  let subEnergy = 0;
  let envelope = 0;
  let gainFrom = 0;
  let gainTo = 0;

  return {
    process(channels: Float32Array[]): void {
      const channelCount = channels.length;
      if (channelCount === 0) return;
      const length = channels[0]!.length;
      const inverseCount = 1 / channelCount;
      for (let i = 0; i < length; i++) {
        let mono = 0;
        for (let c = 0; c < channelCount; c++) mono += channels[c]![i]!;
        mono *= inverseCount;
        const diff = mono - previousMono;
        previousMono = mono;
        subEnergy += diff * diff;

        const inSub = position % SUB_BLOCK;
        const gain = gainFrom + ((gainTo - gainFrom) * inSub) / SUB_BLOCK;
        const block = Math.floor(position / BLOCK_SIZE);
        const mark = signs[block % FRAME_BITS]! * gain * wave[position - block * BLOCK_SIZE]!;
        if (mark !== 0) for (let c = 0; c < channelCount; c++) channels[c]![i] = channels[c]![i]! + mark;

        position++;
        if (inSub === SUB_BLOCK - 1) {
          const rms = Math.sqrt(subEnergy / SUB_BLOCK);
          subEnergy = 0;
          envelope = rms > envelope ? rms : envelope * release + rms * (1 - release);
          gainFrom = gainTo;
          gainTo = (alpha * envelope) / matchedRms;
        }
      }
    },
  };
}
