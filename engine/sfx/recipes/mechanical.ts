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

/** Frames between exact evaluations of a passing car's swell and pan (and filter retunes). */
const CAR_STEP = 64;

/**
 * One car passing: noise through a low-pass that opens as it nears, a Gaussian swell peaking
 * mid-way, panned from one side to the other. The swell and the equal-power pan are exact at
 * every CAR_STEP-th frame (where the filter is retuned) and advanced by recurrences between:
 * the swell's frame-to-frame ratio changes by a constant factor, the pan angle by a constant
 * step (a rotation). exp, cos and sin on every frame were ~0.17 CPU s per minute of traffic;
 * the recurrences differ from them by about one float32 step at most (over 200 dB SNR).
 */
export function passingCar(car: Float32Array, direction: number, sr: number): Stereo {
  const length = car.length;
  const lp = new Biquad('lowpass', sr, 600);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const dt = 1 / length;
  const width2 = 0.18 * 0.18;
  const ratioStep = Math.exp((-2 * dt * dt) / width2);
  const panStep = (direction * 2 * dt * Math.PI) / 4;
  const cosStep = Math.cos(panStep);
  const sinStep = Math.sin(panStep);
  for (let start = 0; start < length; start += CAR_STEP) {
    const end = Math.min(length, start + CAR_STEP);
    const t = start * dt;
    let near = Math.exp(-(((t - 0.5) / 0.18) ** 2));
    let ratio = Math.exp(-(2 * (t - 0.5) * dt + dt * dt) / width2);
    lp.set(400 + 2400 * near, 0.7);
    const angle = ((direction * (t * 2 - 1) + 1) * Math.PI) / 4;
    let cos = Math.cos(angle);
    let sin = Math.sin(angle);
    for (let i = start; i < end; i++) {
      const v = lp.process(car[i]!) * near * 1.6;
      left[i] = v * cos;
      right[i] = v * sin;
      near *= ratio;
      ratio *= ratioStep;
      const nextCos = cos * cosStep - sin * sinStep;
      sin = sin * cosStep + cos * sinStep;
      cos = nextCos;
    }
  }
  return [left, right];
}

/** City traffic: a low rumble bed, cars passing left to right, a rare horn. */
export function traffic(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  for (const [c, channel] of out.entries()) {
    const bed = brown(rng.fork(`traffic${c}`), frames);
    const lp = new Biquad('lowpass', sr, 300);
    lp.runInto(bed, channel, 1.5);
  }
  scatter(
    ctx,
    0.25 * intensity,
    (frame) => {
      const length = Math.round(rng.range(3, 5) * sr);
      const car = pink(rng.fork(`car${frame}`), length);
      const direction = rng.next() < 0.5 ? 1 : -1;
      addAt(out, passingCar(car, direction, sr), frame);
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
