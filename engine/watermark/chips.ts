import { createHmac } from 'node:crypto';
import FFT from 'fft.js';
import { BLOCK_SIZE } from './frame';

/** Watermark energy is confined to this band: below it music masks poorly after differencing,
 * above it AAC at 128k low-passes the signal away. */
const BAND_LOW_HZ = 1500;
const BAND_HIGH_HZ = 15000;

export interface ChipTemplate {
  /** The block waveform added (times gain and bit sign), unit RMS. */
  wave: Float32Array;
  /** First difference of `wave` (circular): what the detector correlates differenced audio
   * against. Matching against the plain chips gives two opposite peaks one sample apart. */
  matched: Float32Array;
  /** RMS of `matched`, to express the embedding gain in the differenced domain. */
  matchedRms: number;
}

const cache = new Map<string, ChipTemplate>();

/**
 * Keyed chip block: ±1 chips from HMAC-SHA256(key, counter) (not a linear PRNG, whose low bits
 * correlate across keys), first-differenced to push energy up, then band-limited.
 */
export function chipTemplate(key: string, sampleRate: number): ChipTemplate {
  const cacheKey = `${sampleRate}\u0000${key}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const n = BLOCK_SIZE;
  const chips = new Float64Array(n);
  let filled = 0;
  for (let counter = 0; filled < n; counter++) {
    const digest = createHmac('sha256', key)
      .update(`soundstage-watermark-chips-v1:${counter}`)
      .digest();
    for (let b = 0; b < digest.length * 8 && filled < n; b++, filled++) {
      chips[filled] = (digest[b >> 3]! >> (7 - (b & 7))) & 1 ? 1 : -1;
    }
  }
  const differenced = new Float64Array(n);
  for (let i = 0; i < n; i++) differenced[i] = chips[i]! - chips[(i + n - 1) % n]!;

  const fft = new FFT(n);
  const spectrum = fft.createComplexArray() as number[];
  fft.realTransform(spectrum, Array.from(differenced));
  fft.completeSpectrum(spectrum);
  const lowBin = Math.ceil((BAND_LOW_HZ / sampleRate) * n);
  const highBin = Math.floor((Math.min(BAND_HIGH_HZ, sampleRate * 0.45) / sampleRate) * n);
  for (let k = 0; k < n; k++) {
    const f = k <= n / 2 ? k : n - k;
    if (f < lowBin || f > highBin) {
      spectrum[2 * k] = 0;
      spectrum[2 * k + 1] = 0;
    }
  }
  const complex = fft.createComplexArray() as number[];
  fft.inverseTransform(complex, spectrum);
  const wave = new Float32Array(n);
  let energy = 0;
  for (let i = 0; i < n; i++) energy += complex[2 * i]! ** 2;
  const scale = 1 / Math.sqrt(energy / n);
  for (let i = 0; i < n; i++) wave[i] = complex[2 * i]! * scale;
  const matched = new Float32Array(n);
  let matchedEnergy = 0;
  for (let i = 0; i < n; i++) {
    matched[i] = wave[i]! - wave[(i + n - 1) % n]!;
    matchedEnergy += matched[i]! ** 2;
  }
  const template = { wave, matched, matchedRms: Math.sqrt(matchedEnergy / n) };
  cache.set(cacheKey, template);
  return template;
}
