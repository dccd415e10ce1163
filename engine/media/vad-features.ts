import FFT from 'fft.js';

/** Analysis grid of the voice detector: 16 kHz mono, 32 ms Hann frames every 10 ms. */
export const VAD_RATE = 16_000;
export const VAD_FRAME = 512;
export const VAD_HOP = 160;
const SPEECH_LOW_HZ = 300;
const SPEECH_HIGH_HZ = 3400;
/** Background floor: per-bin minimum of the smoothed power over the last ~1.6 s. */
const FLOOR_BLOCK_FRAMES = 16;
const FLOOR_BLOCKS = 10;
/** A bin counts as "speech-lit" when it stands this far (8 dB) above its background floor. */
const LIT_RATIO = 10 ** 0.8;
const SILENCE_POWER = 1e-9;

export interface VadFrameFeatures {
  /** Fraction (0–1) of 300–3400 Hz bins standing well above their own background floor. */
  occupancy: Float32Array;
  /** Spectral flatness (0 = tonal, 1 = white noise) of the 300–3400 Hz band. */
  flatness: Float32Array;
  /** Speech-band energy in dBFS. */
  bandDb: Float32Array;
  /** Share (0–1) of the frame's energy that lies in the speech band. */
  bandRatio: Float32Array;
}

/**
 * Per-frame features for voice activity. Speech lights up many bins of the speech band at once
 * (formants over a harmonic comb) and moves between syllables, so it keeps rising above a
 * slowly-tracked per-bin minimum; steady music and noise sink into that floor. Flatness and
 * band ratio separate voiced speech from noise bursts such as hats and hiss.
 */
export function vadFeatures(samples: Float32Array): VadFrameFeatures {
  const frameCount =
    samples.length < VAD_FRAME ? 0 : Math.floor((samples.length - VAD_FRAME) / VAD_HOP) + 1;
  const fft = new FFT(VAD_FRAME);
  const spectrum = fft.createComplexArray() as number[];
  const input = new Array<number>(VAD_FRAME).fill(0);
  const window = Float32Array.from(
    { length: VAD_FRAME },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / VAD_FRAME),
  );
  const binHz = VAD_RATE / VAD_FRAME;
  const low = Math.ceil(SPEECH_LOW_HZ / binHz);
  const high = Math.floor(SPEECH_HIGH_HZ / binHz);
  const bandBins = high - low + 1;
  const smoothed = new Float32Array(bandBins);
  const blockMin = new Float32Array(bandBins).fill(Infinity);
  const pastMins = Array.from({ length: FLOOR_BLOCKS }, () =>
    new Float32Array(bandBins).fill(Infinity),
  );
  // Minimum over all completed blocks, refreshed once per block rather than per frame.
  const pastFloor = new Float32Array(bandBins).fill(Infinity);
  const features: VadFrameFeatures = {
    occupancy: new Float32Array(frameCount),
    flatness: new Float32Array(frameCount),
    bandDb: new Float32Array(frameCount),
    bandRatio: new Float32Array(frameCount),
  };
  const norm = 1 / (VAD_FRAME * VAD_FRAME);
  for (let f = 0; f < frameCount; f += 1) {
    const offset = f * VAD_HOP;
    for (let i = 0; i < VAD_FRAME; i += 1) input[i] = (samples[offset + i] ?? 0) * (window[i] ?? 0);
    fft.realTransform(spectrum, input);
    let total = 0;
    let band = 0;
    let logSum = 0;
    let lit = 0;
    for (let k = 1; k <= VAD_FRAME / 2; k += 1) {
      const re = spectrum[2 * k] ?? 0;
      const im = spectrum[2 * k + 1] ?? 0;
      const power = (re * re + im * im) * norm;
      total += power;
      if (k < low || k > high) continue;
      const b = k - low;
      band += power;
      logSum += Math.log(power + 1e-14);
      const s = f === 0 ? power : 0.6 * (smoothed[b] ?? 0) + 0.4 * power;
      smoothed[b] = s;
      if (s < (blockMin[b] ?? Infinity)) blockMin[b] = s;
      const floor = Math.min(blockMin[b] ?? s, pastFloor[b] ?? Infinity);
      if (s > Math.max(floor, SILENCE_POWER) * LIT_RATIO) lit += 1;
    }
    if ((f + 1) % FLOOR_BLOCK_FRAMES === 0) {
      const oldest = pastMins.shift();
      if (oldest) {
        oldest.set(blockMin);
        pastMins.push(oldest);
      }
      pastFloor.fill(Infinity);
      for (const past of pastMins) {
        for (let b = 0; b < bandBins; b += 1)
          pastFloor[b] = Math.min(pastFloor[b] ?? Infinity, past[b] ?? Infinity);
      }
      blockMin.fill(Infinity);
    }
    features.occupancy[f] = lit / bandBins;
    features.flatness[f] = band > 0 ? Math.exp(logSum / bandBins) / (band / bandBins) : 1;
    features.bandDb[f] = 10 * Math.log10(band + 1e-14);
    features.bandRatio[f] = total > 0 ? band / total : 0;
  }
  return features;
}
