import FFT from 'fft.js';
import { chipTemplate } from './chips';
import { BLOCK_SIZE, FRAME_BITS, parseFrame, scrambleMask } from './frame';

export interface Detection {
  found: boolean;
  payload?: number;
}

/** Block offsets tried, best alignment peaks first. */
const LAG_CANDIDATES = 3;

/**
 * Finds the watermark in mono samples: first-difference the audio, find the block offset by
 * FFT circular cross-correlation summed over all blocks, then correlate each aligned block,
 * soft-sum the repeats of each frame position, and accept a frame only when sync and CRC match.
 */
export function detectWatermark(mono: Float32Array, sampleRate: number, key: string): Detection {
  const { matched } = chipTemplate(key, sampleRate);
  const differenced = new Float32Array(mono.length);
  for (let i = 1; i < mono.length; i++) differenced[i] = mono[i]! - mono[i - 1]!;
  if (Math.floor(mono.length / BLOCK_SIZE) < FRAME_BITS + 1) return { found: false };

  const mask = scrambleMask(key);
  for (const lag of alignmentLags(differenced, matched)) {
    const sums = phaseSums(differenced, matched, lag);
    const payload = readFrame(sums, mask);
    if (payload !== null) return { found: true, payload };
  }
  return { found: false };
}

/** Offsets (0..BLOCK_SIZE-1) where blocks start, ranked by summed normalised correlation power. */
function alignmentLags(signal: Float32Array, template: Float32Array): number[] {
  const n = BLOCK_SIZE;
  const fft = new FFT(n);
  const templateSpectrum = fft.createComplexArray() as number[];
  fft.realTransform(templateSpectrum, template);
  fft.completeSpectrum(templateSpectrum);
  const spectrum = fft.createComplexArray() as number[];
  const product = fft.createComplexArray() as number[];
  const correlation = fft.createComplexArray() as number[];
  const block = new Float32Array(n);
  const power = new Float64Array(n);
  for (let start = 0; start + n <= signal.length; start += n) {
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const s = signal[start + i]!;
      block[i] = s;
      energy += s * s;
    }
    if (energy < 1e-12) continue;
    fft.realTransform(spectrum, block);
    fft.completeSpectrum(spectrum);
    for (let k = 0; k < n; k++) {
      const ar = spectrum[2 * k]!;
      const ai = spectrum[2 * k + 1]!;
      const br = templateSpectrum[2 * k]!;
      const bi = -templateSpectrum[2 * k + 1]!;
      product[2 * k] = ar * br - ai * bi;
      product[2 * k + 1] = ar * bi + ai * br;
    }
    fft.inverseTransform(correlation, product);
    const inverseEnergy = 1 / energy;
    for (let l = 0; l < n; l++) power[l] = power[l]! + correlation[2 * l]! ** 2 * inverseEnergy;
  }
  const ranked: number[] = [];
  const taken = new Uint8Array(n);
  for (let c = 0; c < LAG_CANDIDATES; c++) {
    let best = -1;
    for (let l = 0; l < n; l++) if (!taken[l] && (best < 0 || power[l]! > power[best]!)) best = l;
    if (best < 0) break;
    ranked.push(best);
    // A correlation peak spreads over a few samples: skip its neighbours as separate candidates.
    for (let d = -2; d <= 2; d++) taken[(best + d + n) % n] = 1;
  }
  return ranked;
}

/** Normalised correlation of every aligned block, summed per position modulo the frame length. */
function phaseSums(signal: Float32Array, template: Float32Array, lag: number): Float64Array {
  const sums = new Float64Array(FRAME_BITS);
  let templateEnergy = 0;
  for (let i = 0; i < BLOCK_SIZE; i++) templateEnergy += template[i]! ** 2;
  const templateNorm = Math.sqrt(templateEnergy);
  for (let j = 0, start = lag; start + BLOCK_SIZE <= signal.length; j++, start += BLOCK_SIZE) {
    let dot = 0;
    let energy = 0;
    for (let i = 0; i < BLOCK_SIZE; i++) {
      const s = signal[start + i]!;
      dot += s * template[i]!;
      energy += s * s;
    }
    if (energy < 1e-12) continue;
    sums[j % FRAME_BITS] = sums[j % FRAME_BITS]! + dot / (Math.sqrt(energy) * templateNorm);
  }
  return sums;
}

/** Least reliable bits tried flipped when the hard decision fails sync or CRC. */
const CHASE_BITS = 3;

/**
 * Tries every rotation of the frame (the audio may start anywhere in it). When the hard bits
 * fail, the CHASE_BITS weakest soft bits are flipped in every combination (Chase decoding):
 * short clips hold a frame only once or twice, and one marginal block must not lose it. Each
 * try is still a full sync + CRC check; the false-match rate grows by at most 2^CHASE_BITS.
 */
function readFrame(sums: Float64Array, mask: readonly number[]): number | null {
  const bits = new Uint8Array(FRAME_BITS);
  const order = Array.from({ length: FRAME_BITS }, (_, i) => i);
  for (let rotation = 0; rotation < FRAME_BITS; rotation++) {
    const soft = (i: number): number => sums[(i + rotation) % FRAME_BITS]!;
    for (let i = 0; i < FRAME_BITS; i++) bits[i] = (soft(i) > 0 ? 1 : 0) ^ mask[i]!;
    const weakest = order
      .sort((a, b) => Math.abs(soft(a)) - Math.abs(soft(b)))
      .slice(0, CHASE_BITS);
    for (let pattern = 0; pattern < 1 << CHASE_BITS; pattern++) {
      const trial = bits.slice();
      weakest.forEach((position, b) => {
        if (pattern & (1 << b)) trial[position] = trial[position]! ^ 1;
      });
      const payload = parseFrame(trial);
      if (payload !== null) return payload;
    }
  }
  return null;
}
