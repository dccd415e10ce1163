import { addAt, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { slowCurve } from '../dsp/noise';
import type { Rng } from '../dsp/random';
import { pulse, scatter, type BedContext } from './types';
import { roomTone } from './mechanical';

/** A sine (or soft square) tone with short raised-cosine edges. */
export function tone(
  sr: number,
  hz: number,
  seconds: number,
  square = false,
  endHz = hz,
): Float32Array {
  const length = Math.round(seconds * sr);
  const edge = Math.min(Math.round(0.004 * sr), length / 2);
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    phase += (2 * Math.PI * (hz + ((endHz - hz) * i) / length)) / sr;
    const s = Math.sin(phase);
    const shaped = square ? Math.tanh(4 * s) : s;
    const env =
      i < edge
        ? 0.5 - 0.5 * Math.cos((Math.PI * i) / edge)
        : i > length - edge
          ? 0.5 - 0.5 * Math.cos((Math.PI * (length - i)) / edge)
          : 1;
    out[i] = shaped * env;
  }
  return out;
}

/** One interface sound: a blip up, a blip down, a double beep or a click. */
export function interfaceSound(rng: Rng, sr: number): Float32Array {
  const kind = Math.floor(rng.next() * 4);
  const base = rng.range(600, 1400);
  if (kind === 0) return tone(sr, base, 0.09, false, base * 1.5);
  if (kind === 1) return tone(sr, base * 1.5, 0.09, false, base);
  if (kind === 2) {
    const out = new Float32Array(Math.round(0.26 * sr));
    out.set(tone(sr, base, 0.08), 0);
    out.set(tone(sr, base * 1.26, 0.08), Math.round(0.14 * sr));
    return out;
  }
  const click = tone(sr, 3000, 0.012);
  return click;
}

/** Interface beeps and clicks at a relaxed pace. */
export function beeps(ctx: BedContext): Stereo {
  const { sampleRate: sr, rng, intensity } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.01;
  scatter(
    ctx,
    1.1 * intensity,
    (frame) => addAt(out, interfaceSound(rng, sr), frame, 0.4, rng.range(-0.2, 0.2)),
    0.35,
  );
  return out;
}

/** Alarm: a square-ish beep, half a second on, half off. */
export function alarm(ctx: BedContext): Stereo {
  const { sampleRate: sr } = ctx;
  const out = stereo(ctx.frames);
  const beep = tone(sr, 960, 0.25, true);
  new Biquad('lowpass', sr, 5000).run(beep);
  pulse(ctx, 0.5, 0, (frame) => addAt(out, beep, frame, 0.5));
  return out;
}

/** Siren: a wail sweeping between 600 and 1300 Hz, slowly moving across the stereo field. */
export function siren(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng } = ctx;
  const out = stereo(frames);
  const drift = slowCurve(rng, frames, sr, 6);
  const period = rng.range(3, 4.5);
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    const sweep = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (period * sr));
    phase += (2 * Math.PI * (600 + 700 * sweep)) / sr;
    const v = (Math.sin(phase) + 0.3 * Math.sin(3 * phase)) * 0.4;
    const pan = drift[i]! * 2 - 1;
    out[0][i] = v * Math.cos(((pan + 1) * Math.PI) / 4);
    out[1][i] = v * Math.sin(((pan + 1) * Math.PI) / 4);
  }
  return out;
}

/** Sci-fi ambience: a detuned saw drone under a slowly moving filter, with occasional zaps. */
export function scifi(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  const sweep = slowCurve(rng, frames, sr, 5);
  const root = rng.range(45, 70);
  for (const [c, channel] of out.entries()) {
    const lp = new Biquad('lowpass', sr, 600, 2);
    const detune = c === 0 ? 1.003 : 0.997;
    let p1 = 0;
    let p2 = 0;
    for (let i = 0; i < frames; i++) {
      if (i % 64 === 0) lp.set(200 + 1400 * sweep[i]!, 2);
      p1 = (p1 + (root * detune) / sr) % 1;
      p2 = (p2 + (root * 1.5) / detune / sr) % 1;
      channel[i] = lp.process(p1 * 2 - 1 + 0.6 * (p2 * 2 - 1)) * 0.5;
    }
  }
  scatter(
    ctx,
    0.3 * intensity,
    (frame) =>
      addAt(
        out,
        tone(sr, rng.range(1500, 3000), 0.25, true, 200),
        frame,
        0.25,
        rng.range(-0.7, 0.7),
      ),
    1,
  );
  return out;
}
