/** Planar stereo audio at the engine rate. */
export type Stereo = [Float32Array, Float32Array];

export const SAMPLE_RATE = 44100;

export function stereo(frames: number): Stereo {
  return [new Float32Array(frames), new Float32Array(frames)];
}

export function dbToGain(db: number): number {
  return 10 ** (db / 20);
}

/**
 * Adds a mono or stereo source into `dest` starting at frame `at` (may be negative: the head is
 * cut), with a constant-power pan for mono sources (-1 left … 1 right).
 */
export function addAt(
  dest: Stereo,
  src: Float32Array | Stereo,
  at: number,
  gain = 1,
  pan = 0,
): void {
  const start = Math.round(at);
  if (src instanceof Float32Array) {
    const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
    addChannel(dest[0], src, start, gain * Math.cos(angle) * Math.SQRT2);
    addChannel(dest[1], src, start, gain * Math.sin(angle) * Math.SQRT2);
  } else {
    addChannel(dest[0], src[0], start, gain);
    addChannel(dest[1], src[1], start, gain);
  }
}

function addChannel(dest: Float32Array, src: Float32Array, start: number, gain: number): void {
  const from = Math.max(0, -start);
  const to = Math.min(src.length, dest.length - start);
  for (let i = from; i < to; i++) dest[start + i] = dest[start + i]! + src[i]! * gain;
}

export function rms(audio: Float32Array | Stereo): number {
  const channels = audio instanceof Float32Array ? [audio] : audio;
  let sum = 0;
  let count = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) sum += channel[i]! * channel[i]!;
    count += channel.length;
  }
  return count === 0 ? 0 : Math.sqrt(sum / count);
}

/** Scales so the RMS becomes `target` (silent input is left alone). */
export function normaliseRms<T extends Float32Array | Stereo>(audio: T, target: number): T {
  const level = rms(audio);
  if (level < 1e-9) return audio;
  const gain = target / level;
  const channels: Float32Array[] = audio instanceof Float32Array ? [audio] : (audio as Stereo);
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * gain;
  }
  return audio;
}

/** Linear fade-in and fade-out, in frames, applied in place. */
export function fadeEdges(audio: Float32Array | Stereo, fadeIn: number, fadeOut: number): void {
  for (const channel of audio instanceof Float32Array ? [audio] : audio) {
    const n = channel.length;
    const fin = Math.min(fadeIn, n);
    const fout = Math.min(fadeOut, n);
    for (let i = 0; i < fin; i++) channel[i] = channel[i]! * (i / fin);
    for (let i = 0; i < fout; i++) channel[n - 1 - i] = channel[n - 1 - i]! * (i / fout);
  }
}

/** Multiplies a buffer by a control curve of the same length, in place. */
export function applyCurve(
  audio: Float32Array,
  curve: Float32Array | ((i: number) => number),
): Float32Array {
  if (curve instanceof Float32Array)
    for (let i = 0; i < audio.length; i++) audio[i] = audio[i]! * curve[i]!;
  else for (let i = 0; i < audio.length; i++) audio[i] = audio[i]! * curve(i);
  return audio;
}

/** Exponential decay envelope of `frames` with time constant `tau` seconds. */
export function decay(
  frames: number,
  tau: number,
  sampleRate = SAMPLE_RATE,
  attackFrames = 0,
): Float32Array {
  const out = new Float32Array(frames);
  const k = Math.exp(-1 / (tau * sampleRate));
  let v = 1;
  for (let i = 0; i < frames; i++) {
    out[i] = i < attackFrames ? i / attackFrames : v;
    if (i >= attackFrames) v *= k;
  }
  return out;
}
