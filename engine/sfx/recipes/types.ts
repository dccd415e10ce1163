import type { Stereo } from '../dsp/buffer';
import type { Rng } from '../dsp/random';

export interface BedContext {
  rng: Rng;
  /** Length of the bed to render, in frames. */
  frames: number;
  sampleRate: number;
  /** 0.5 gentle … 1 normal … 1.6 heavy: density and brightness of the recipe. */
  intensity: number;
}

/** A continuous layer (ambience, or a stream of events such as steps or typing). */
export type BedRecipe = (ctx: BedContext) => Stereo;

/** A single sound of its own natural length (whoosh, impact, knock…). */
export type OneShotRecipe = (rng: Rng, sampleRate: number, intensity: number) => Stereo;

/**
 * Calls `place(frame)` at random event times with the given mean rate (a Poisson process),
 * optionally never closer than `minGapSeconds`.
 */
export function scatter(
  ctx: BedContext,
  ratePerSecond: number,
  place: (frame: number) => void,
  minGapSeconds = 0,
): void {
  if (ratePerSecond <= 0) return;
  let t = -Math.log(1 - ctx.rng.next()) / ratePerSecond;
  const end = ctx.frames / ctx.sampleRate;
  while (t < end) {
    place(Math.floor(t * ctx.sampleRate));
    t += Math.max(minGapSeconds, -Math.log(1 - ctx.rng.next()) / ratePerSecond);
  }
}

/** Calls `place(frame)` at a steady pace with a little timing jitter (steps, ticks, heartbeats). */
export function pulse(
  ctx: BedContext,
  intervalSeconds: number,
  jitter: number,
  place: (frame: number, index: number) => void,
): void {
  const end = ctx.frames / ctx.sampleRate;
  let t = ctx.rng.range(0.05, Math.min(0.4, intervalSeconds));
  for (let index = 0; t < end; index++) {
    place(Math.floor(t * ctx.sampleRate), index);
    t += intervalSeconds * (1 + ctx.rng.range(-jitter, jitter));
  }
}
