import { createHash } from 'node:crypto';

/** A seeded random source, so the same request renders the same audio. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Standard normal (Box-Muller). */
  gauss(): number;
  /** A child generator whose stream does not depend on how much of this one is used later. */
  fork(label: string): Rng;
}

export function seedFromText(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** mulberry32: tiny, fast and good enough for audio noise and event timing. */
export function createRng(seed: number): Rng {
  // The state sits in a typed array, not a closure variable: a closure variable is a slot in a
  // heap context, and a 32-bit value stored there is boxed anew on each call, which noise
  // generators make once per sample.
  const state = new Uint32Array([seed >>> 0]);
  const next = (): number => {
    const s = (state[0]! + 0x6d2b79f5) >>> 0;
    state[0] = s;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    gauss: () => {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    fork: (label) => createRng(seedFromText(`${seed}:${label}`)),
  };
}
