import { addAt, applyCurve, decay, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { brown, pink, white } from '../dsp/noise';
import type { Rng } from '../dsp/random';
import { tone } from './signals';

/** Whoosh: noise through a band-pass swept up and back down, panned across as it passes. */
export function whoosh(rng: Rng, sr: number, intensity: number): Stereo {
  const length = Math.round(rng.range(0.7, 1.1) * sr);
  const source = white(rng, length);
  const bp = new Biquad('bandpass', sr, 1000, 1.4);
  const peakAt = rng.range(0.5, 0.65);
  const top = 6000 + 3000 * Math.min(intensity, 1.5);
  const out = stereo(length);
  for (let i = 0; i < length; i++) {
    const t = i / length;
    const near = t < peakAt ? (t / peakAt) ** 2 : Math.exp(-((t - peakAt) / (1 - peakAt)) * 4);
    if (i % 32 === 0) bp.set(1200 + top * near, 1.4);
    const v = bp.process(source[i]!) * near;
    const pan = t * 1.6 - 0.8;
    out[0][i] = v * Math.cos(((pan + 1) * Math.PI) / 4);
    out[1][i] = v * Math.sin(((pan + 1) * Math.PI) / 4);
  }
  return out;
}

/** Impact: a pitch-dropping sine thump with a noise burst on top. */
export function impact(rng: Rng, sr: number, intensity: number): Stereo {
  const length = Math.round(0.9 * sr);
  const body = new Float32Array(length);
  const f0 = rng.range(90, 140);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sr;
    phase += (2 * Math.PI * (f0 * Math.exp(-t * 6) + 38)) / sr;
    body[i] = Math.sin(phase) * Math.exp(-t / (0.18 * intensity));
  }
  const burst = white(rng, Math.round(0.12 * sr));
  new Biquad('lowpass', sr, 3500).run(burst);
  applyCurve(burst, decay(burst.length, 0.02, sr));
  const out = stereo(length);
  addAt(out, body, 0, 1);
  addAt(out, burst, 0, 0.6 * intensity);
  return out;
}

/** Explosion: a broadband blast, then a long low rumble with falling debris crackle. */
export function explosion(rng: Rng, sr: number, intensity: number): Stereo {
  const length = Math.round(3.5 * sr);
  const out = stereo(length);
  for (let c = 0; c < 2; c++) {
    const rumble = brown(rng.fork(`boom${c}`), length);
    new Biquad('lowpass', sr, 220, 0.9).run(rumble);
    applyCurve(rumble, decay(length, 0.9, sr, Math.round(0.02 * sr)));
    const blast = pink(rng.fork(`blast${c}`), Math.round(0.6 * sr));
    applyCurve(blast, decay(blast.length, 0.09, sr));
    out[c]!.set(rumble.map((v) => v * 7 * intensity));
    addAt(out, blast, 0, 0.9, c === 0 ? -1 : 1);
  }
  for (let k = 0; k < 25; k++) {
    const debris = white(rng, Math.round(0.02 * sr));
    new Biquad('bandpass', sr, rng.range(1500, 5000), 2).run(debris);
    applyCurve(debris, decay(debris.length, 0.003, sr));
    addAt(out, debris, rng.range(0.2, 2.5) * sr, rng.range(0.05, 0.25), rng.range(-0.9, 0.9));
  }
  return out;
}

/** Riser: noise and a tone sweeping up over ~3 s, ending on the peak. */
export function riser(rng: Rng, sr: number, intensity: number): Stereo {
  const length = Math.round(rng.range(2.5, 3.5) * sr);
  const source = white(rng, length);
  const bp = new Biquad('bandpass', sr, 300, 2);
  const sweepTone = tone(sr, 180, length / sr, false, 1400);
  const out = stereo(length);
  for (let i = 0; i < length; i++) {
    const t = i / length;
    if (i % 32 === 0) bp.set(250 + 7000 * t * t, 2);
    const v = (bp.process(source[i]!) * 1.2 + sweepTone[i]! * 0.25) * t * t * intensity;
    out[0][i] = v;
    out[1][i] = v;
  }
  return out;
}

/** Laser zap: a fast downward square sweep. */
export function laser(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(0.3 * sr));
  addAt(out, tone(sr, rng.range(2000, 3500), 0.28, true, rng.range(150, 300)), 0, 0.5);
  return out;
}

/** Glass breaking: inharmonic high partials with random short decays, a crack and tinkles. */
export function glassBreak(rng: Rng, sr: number): Stereo {
  const length = Math.round(1.4 * sr);
  const out = stereo(length);
  const crack = white(rng, Math.round(0.08 * sr));
  new Biquad('highpass', sr, 2500).run(crack);
  applyCurve(crack, decay(crack.length, 0.015, sr));
  addAt(out, crack, 0, 1);
  for (let k = 0; k < 40; k++) {
    const start = k < 15 ? rng.range(0, 0.05) : rng.range(0.1, 1.1);
    const shardLength = Math.round(rng.range(0.05, 0.3) * sr);
    const shard = new Float32Array(shardLength);
    const f = rng.range(2500, 9000);
    for (let i = 0; i < shardLength; i++)
      shard[i] = Math.sin((2 * Math.PI * f * i) / sr) * Math.exp(-i / (0.04 * sr));
    addAt(out, shard, start * sr, k < 15 ? 0.25 : 0.08, rng.range(-0.8, 0.8));
  }
  return out;
}

/** Knocks: three raps on a wooden door. */
export function knock(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(1 * sr));
  for (let k = 0; k < 3; k++) {
    const rap = white(rng, Math.round(0.08 * sr));
    new Biquad('bandpass', sr, rng.range(180, 260), 3).run(rap);
    applyCurve(rap, decay(rap.length, 0.015, sr, 10));
    addAt(out, rap, (0.02 + k * rng.range(0.2, 0.26)) * sr, 4);
  }
  return out;
}

/** Punch: a short low thud with a slap. */
export function punch(rng: Rng, sr: number, intensity: number): Stereo {
  const out = impact(rng, sr, intensity * 0.4);
  const slap = white(rng, Math.round(0.03 * sr));
  new Biquad('bandpass', sr, 1800, 1).run(slap);
  applyCurve(slap, decay(slap.length, 0.006, sr));
  addAt(out, slap, 0, 0.8);
  return out;
}
