import { addAt, applyCurve, decay, stereo, type Stereo } from '../dsp/buffer';
import { Biquad, OnePole } from '../dsp/filters';
import { brown, pink, slowCurve, white } from '../dsp/noise';
import { scatter, type BedContext } from './types';

/** Rain: high-passed pink wash plus scattered droplet ticks. */
export function rain(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  const swell = slowCurve(rng, frames, sr, 4);
  for (const [c, channel] of out.entries()) {
    const noise = pink(rng.fork(`rain${c}`), frames);
    const hp = new Biquad('highpass', sr, 350);
    const lp = new Biquad('lowpass', sr, 5000 + 3000 * intensity);
    for (let i = 0; i < frames; i++)
      channel[i] = lp.process(hp.process(noise[i]!)) * (0.8 + 0.2 * swell[i]!);
  }
  const dropLength = Math.round(0.012 * sr);
  scatter(ctx, 25 * intensity, (frame) => {
    const drop = white(rng, dropLength);
    new Biquad('bandpass', sr, rng.range(1800, 6500), 2).run(drop);
    applyCurve(drop, decay(dropLength, 0.002, sr));
    addAt(out, drop, frame, rng.range(0.3, 1.6) * intensity, rng.range(-0.9, 0.9));
  });
  return out;
}

/** Wind: band-passed noise whose centre and level follow slow random gusts, plus a faint whistle. */
export function wind(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const r = rng.fork(`wind${c}`);
    const gust = slowCurve(r, frames, sr, 3.5 / intensity);
    const noise = pink(r, frames);
    const body = new Biquad('bandpass', sr, 500, 0.8);
    const whistle = new Biquad('bandpass', sr, 1000, 9);
    for (let i = 0; i < frames; i++) {
      const g = gust[i]!;
      if (i % 64 === 0) {
        body.set(250 + 900 * g * intensity, 0.8);
        whistle.set(700 + 900 * g, 9);
      }
      const x = noise[i]!;
      // g·√g is g^1.5 without a pow() per sample (the recipe's largest cost).
      channel[i] =
        (body.process(x) * 2.5 + whistle.process(x) * 1.2 * g) * (0.25 + 0.75 * g * Math.sqrt(g));
    }
  }
  return out;
}

/** Surf: low-passed noise under a ~7 s swell; the filter opens as each wave breaks. */
export function surf(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const envelope = new Float32Array(frames);
  for (let start = -rng.range(0, 3) * sr; start < frames;) {
    const length = Math.round(rng.range(5.5, 9) * sr);
    const peak = rng.range(0.6, 1);
    for (let i = 0; i < length; i++) {
      const at = Math.round(start + i);
      if (at < 0 || at >= frames) continue;
      const t = i / length;
      // Slow build, fast break at ~40 %, long wash back out.
      const shape = t < 0.4 ? (t / 0.4) ** 2 : Math.exp(-(t - 0.4) * 4.5);
      envelope[at] = Math.max(envelope[at]!, peak * shape);
    }
    start += length * rng.range(0.65, 0.85);
  }
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const r = rng.fork(`surf${c}`);
    const hiss = pink(r, frames);
    const rumble = brown(r, frames);
    const lp = new Biquad('lowpass', sr, 800, 0.6);
    for (let i = 0; i < frames; i++) {
      const e = envelope[i]!;
      if (i % 64 === 0) lp.set(250 + 3200 * e * intensity, 0.6);
      channel[i] = (lp.process(hiss[i]! * 1.6) * (0.15 + e) + rumble[i]! * 0.5 * (0.4 + e)) * 0.9;
    }
  }
  return out;
}

/** Fire: a low brown-noise roar with flicker, crackles and occasional pops. */
export function fire(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const r = rng.fork(`fire${c}`);
    const roar = brown(r, frames);
    const flicker = slowCurve(r, frames, sr, 0.35);
    const hiss = white(r, frames);
    const lp = new Biquad('lowpass', sr, 450, 0.7);
    const hp = new Biquad('highpass', sr, 2500);
    for (let i = 0; i < frames; i++) {
      channel[i] =
        (lp.process(roar[i]!) * 0.5 + hp.process(hiss[i]!) * 0.006) * (0.5 + 0.5 * flicker[i]!);
    }
  }
  const crackleLength = Math.round(0.01 * sr);
  scatter(ctx, 9 * intensity, (frame) => {
    const crackle = white(rng, crackleLength);
    new Biquad('bandpass', sr, rng.range(900, 3500), 1.2).run(crackle);
    applyCurve(crackle, decay(crackleLength, rng.range(0.0008, 0.003), sr));
    addAt(out, crackle, frame, 3 * rng.next() ** 2 + 0.3, rng.range(-0.7, 0.7));
  });
  const popLength = Math.round(0.06 * sr);
  scatter(ctx, 0.6 * intensity, (frame) => {
    const pop = white(rng, popLength);
    new Biquad('bandpass', sr, rng.range(400, 1200), 1).run(pop);
    applyCurve(pop, decay(popLength, 0.012, sr));
    addAt(out, pop, frame, rng.range(0.5, 1.2), rng.range(-0.5, 0.5));
  });
  return out;
}

/** Stream or brook: many tiny rising bubble tones over band-passed noise. */
export function stream(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const noise = pink(rng.fork(`stream${c}`), frames);
    const bp = new Biquad('bandpass', sr, 900, 0.5);
    bp.runInto(noise, channel, 0.8);
  }
  scatter(ctx, 45 * intensity, (frame) => {
    const length = Math.round(rng.range(0.01, 0.04) * sr);
    const f0 = rng.range(400, 1400);
    const bubble = new Float32Array(length);
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const t = i / length;
      phase += (2 * Math.PI * f0 * (1 + 0.8 * t)) / sr;
      bubble[i] = Math.sin(phase) * (1 - t) * Math.min(1, i / 30);
    }
    addAt(out, bubble, frame, rng.range(0.03, 0.12), rng.range(-0.8, 0.8));
  });
  return out;
}

/** Thunder: a faint rumble bed with claps (crack then long rumble) every 6–15 s. */
export function thunder(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  const bed = new OnePole(sr, 120);
  const base = brown(rng.fork('thunder-bed'), frames);
  for (let i = 0; i < frames; i++) {
    const v = bed.process(base[i]!) * 0.5;
    out[0][i] = v;
    out[1][i] = v;
  }
  const clap = (frame: number): void => {
    const length = Math.round(rng.range(3, 5.5) * sr);
    const r = rng.fork(`clap${frame}`);
    const rumble = brown(r, length);
    new Biquad('lowpass', sr, rng.range(140, 260), 0.8).run(rumble);
    const flutter = slowCurve(r, length, sr, 0.25);
    const attack = Math.round(rng.range(0.05, 0.3) * sr);
    const env = decay(length, rng.range(0.9, 1.6), sr, attack);
    applyCurve(rumble, (i) => env[i]! * (0.4 + 0.6 * flutter[i]!) * 6);
    const crackLength = Math.round(0.25 * sr);
    const crack = white(r, crackLength);
    new Biquad('highpass', sr, 900).run(crack);
    applyCurve(crack, decay(crackLength, 0.04, sr));
    addAt(out, rumble, frame, intensity, rng.range(-0.3, 0.3));
    addAt(out, crack, frame, 0.35 * intensity, rng.range(-0.3, 0.3));
  };
  let t = Math.min(rng.range(0.2, 3), Math.max(0.1, ctx.frames / sr / 3));
  while (t < frames / sr) {
    clap(Math.floor(t * sr));
    t += rng.range(6, 15) / intensity;
  }
  return out;
}
