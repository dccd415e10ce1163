import { SAMPLE_RATE } from './buffer';
import { Biquad } from './filters';
import type { Rng } from './random';

/** White noise in [-1, 1). */
export function white(rng: Rng, frames: number): Float32Array {
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = rng.next() * 2 - 1;
  return out;
}

/** A pink (1/f) noise source, Paul Kellet's economy filter; roughly unit-ish level. */
export function pinkSource(rng: Rng): () => number {
  // Filter state in a typed array: doubles stored in closure variables are boxed on every call.
  const b = new Float64Array(3);
  return () => {
    const w = rng.next() * 2 - 1;
    const b0 = 0.99765 * b[0]! + w * 0.099046;
    const b1 = 0.963 * b[1]! + w * 0.2965164;
    const b2 = 0.57 * b[2]! + w * 1.0526913;
    b[0] = b0;
    b[1] = b1;
    b[2] = b2;
    return (b0 + b1 + b2 + w * 0.1848) * 0.25;
  };
}

export function pink(rng: Rng, frames: number): Float32Array {
  const next = pinkSource(rng);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = next();
  return out;
}

/**
 * Brown (1/f²) noise for rumble: leaky integrated white noise, high-passed at 35 Hz so the
 * energy is audible rumble rather than sub-sonic drift that only eats headroom.
 */
export function brown(rng: Rng, frames: number): Float32Array {
  const out = new Float32Array(frames);
  let y = 0;
  for (let i = 0; i < frames; i++) {
    y = 0.995 * y + (rng.next() * 2 - 1) * 0.1;
    out[i] = y;
  }
  return new Biquad('highpass', SAMPLE_RATE, 35).run(out);
}

/**
 * A slow random control curve in [0, 1] (gusts, swells, crowd swell): random targets every
 * `periodSeconds` on average, joined by smoothstep easing. The source form lets long layers
 * with many voices run without a buffer per curve.
 */
export function slowCurveSource(rng: Rng, sampleRate: number, periodSeconds: number): () => number {
  const segmentLength = (): number =>
    Math.max(1, Math.round(rng.range(0.5, 1.5) * periodSeconds * sampleRate));
  let from = rng.next();
  let to = rng.next();
  let segment = segmentLength();
  let pos = 0;
  return () => {
    const t = pos / segment;
    const value = from + (to - from) * t * t * (3 - 2 * t);
    if (++pos >= segment) {
      pos = 0;
      from = to;
      to = rng.next();
      segment = segmentLength();
    }
    return value;
  };
}

export function slowCurve(
  rng: Rng,
  frames: number,
  sampleRate: number,
  periodSeconds: number,
): Float32Array {
  const next = slowCurveSource(rng, sampleRate, periodSeconds);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = next();
  return out;
}
