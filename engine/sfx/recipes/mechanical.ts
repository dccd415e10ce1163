import { addAt, applyCurve, decay, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { brown, pink, slowCurve, white } from '../dsp/noise';
import { pulse, scatter, type BedContext } from './types';

/** Engine idle: a train of firing pulses (~30 Hz) through a low-pass, with mechanical noise. */
export function engineIdle(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  const rev = slowCurve(rng, frames, sr, 1.5);
  const noise = white(rng, frames);
  const lp = new Biquad('lowpass', sr, 700, 1.2);
  const noiseLp = new Biquad('bandpass', sr, 1800, 0.7);
  const firing = 24 + 10 * intensity;
  let phase = 0;
  let kick = 0;
  for (let i = 0; i < frames; i++) {
    phase += (firing * (1 + 0.06 * (rev[i]! - 0.5))) / sr;
    if (phase >= 1) {
      phase -= 1;
      kick = 1;
    }
    kick *= 0.994;
    const body = lp.process(kick * (0.6 + 0.4 * Math.sin(2 * Math.PI * phase)));
    const rattle = noiseLp.process(noise[i]!) * (0.15 + 0.35 * kick);
    const v = body * 1.8 + rattle * 0.5;
    out[0][i] = v;
    out[1][i] = v * 0.92;
  }
  return out;
}

/** Room tone: low pink noise and a touch of mains hum; also the quiet floor under one-shots. */
export function roomTone(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng } = ctx;
  const out = stereo(frames);
  // The hum is the same on both sides: computed once (two sines a frame, not four).
  const hum = new Float64Array(frames);
  for (let i = 0; i < frames; i++)
    hum[i] =
      0.02 * Math.sin((2 * Math.PI * 50 * i) / sr) + 0.008 * Math.sin((2 * Math.PI * 150 * i) / sr);
  for (const [c, channel] of out.entries()) {
    const noise = pink(rng.fork(`room${c}`), frames);
    const lp = new Biquad('lowpass', sr, 1200, 0.6);
    const hp = new Biquad('highpass', sr, 40);
    for (let i = 0; i < frames; i++) channel[i] = hp.process(lp.process(noise[i]!)) + hum[i]!;
  }
  return out;
}

/** Machinery: a hum with harmonics, plus periodic metallic clanks. */
export function machine(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = roomTone(ctx);
  for (let i = 0; i < frames; i++) {
    const t = i / sr;
    const hum =
      0.25 * Math.sin(2 * Math.PI * 60 * t) +
      0.12 * Math.sin(2 * Math.PI * 120 * t) +
      0.06 * Math.sin(2 * Math.PI * 240 * t);
    out[0][i] = out[0][i]! + hum;
    out[1][i] = out[1][i]! + hum;
  }
  const partials = [1, 2.76, 5.4, 8.93].map((ratio) => ratio * rng.range(300, 500));
  pulse(ctx, 1.4 / intensity, 0.05, (frame) => {
    const length = Math.round(0.5 * sr);
    const clank = new Float32Array(length);
    for (const [k, f] of partials.entries()) {
      const tau = 0.18 / (k + 1);
      for (let i = 0; i < length; i++)
        clank[i] =
          clank[i]! + (Math.sin((2 * Math.PI * f * i) / sr) * Math.exp(-i / (tau * sr))) / (k + 1);
    }
    addAt(out, clank, frame, 0.8, rng.range(-0.4, 0.4));
  });
  return out;
}

/** A clock: alternating tick and tock once per second. */
export function clock(ctx: BedContext): Stereo {
  const { sampleRate: sr, rng } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.05;
  const length = Math.round(0.03 * sr);
  pulse(ctx, 1, 0.002, (frame, index) => {
    const tick = white(rng, length);
    new Biquad('bandpass', sr, index % 2 ? 2300 : 3200, 6).run(tick);
    applyCurve(tick, decay(length, 0.004, sr));
    addAt(out, tick, frame, 3, 0.1);
  });
  return out;
}

/** Keyboard typing: bursts of key clicks with pauses, an occasional deeper space bar. */
export function typing(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.05;
  const length = Math.round(0.04 * sr);
  let t = rng.range(0.05, 0.3);
  while (t * sr < frames) {
    const keys = Math.floor(rng.range(3, 12));
    for (let k = 0; k < keys && t * sr < frames; k++) {
      const space = rng.next() < 0.15;
      const click = white(rng, length);
      new Biquad('bandpass', sr, space ? rng.range(900, 1400) : rng.range(2500, 4200), 1.5).run(
        click,
      );
      applyCurve(click, decay(length, space ? 0.008 : 0.004, sr));
      addAt(out, click, Math.floor(t * sr), rng.range(0.6, 1.1), rng.range(-0.3, 0.3));
      t += rng.range(0.07, 0.16) / intensity;
    }
    t += rng.range(0.3, 1.2);
  }
  return out;
}

/** City traffic: a low rumble bed, cars passing left to right, a rare horn. */
export function traffic(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const bed = brown(rng.fork(`traffic${c}`), frames);
    const lp = new Biquad('lowpass', sr, 300);
    for (let i = 0; i < frames; i++) channel[i] = lp.process(bed[i]!) * 1.5;
  }
  scatter(
    ctx,
    0.25 * intensity,
    (frame) => {
      const length = Math.round(rng.range(3, 5) * sr);
      const car = pink(rng.fork(`car${frame}`), length);
      const lp = new Biquad('lowpass', sr, 600);
      const direction = rng.next() < 0.5 ? 1 : -1;
      const left = new Float32Array(length);
      const right = new Float32Array(length);
      for (let i = 0; i < length; i++) {
        const t = i / length;
        const near = Math.exp(-(((t - 0.5) / 0.18) ** 2));
        if (i % 64 === 0) lp.set(400 + 2400 * near, 0.7);
        const v = lp.process(car[i]!) * near * 1.6;
        const pan = direction * (t * 2 - 1);
        left[i] = v * Math.cos(((pan + 1) * Math.PI) / 4);
        right[i] = v * Math.sin(((pan + 1) * Math.PI) / 4);
      }
      addAt(out, [left, right], frame);
    },
    1.5,
  );
  scatter(ctx, 0.03, (frame) => {
    const length = Math.round(0.35 * sr);
    const horn = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const t = i / sr;
      const square =
        Math.sign(Math.sin(2 * Math.PI * 392 * t)) + Math.sign(Math.sin(2 * Math.PI * 494 * t));
      horn[i] = square * 0.08 * Math.min(1, i / 400, (length - i) / 400);
    }
    new Biquad('lowpass', sr, 2500).run(horn);
    addAt(out, horn, frame, 0.7, rng.range(-0.6, 0.6));
  });
  return out;
}
