import { addAt, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { pink, slowCurve, white } from '../dsp/noise';
import type { Rng } from '../dsp/random';
import { tone } from './signals';

/**
 * Procedural stand-ins for the sonic-pi loops the catalog names (sample-shots.ts says when they
 * are used). Each renders a few seconds that samples.ts's loopToLength repeats with crossfades,
 * as it does the real loops.
 */

const LOOP_SECONDS = 6;

/** Sums sines (hz, level) with a slow random swell per voice, detuned left and right. */
function drone(rng: Rng, sr: number, voices: [number, number][], swellSeconds: number): Stereo {
  const frames = LOOP_SECONDS * sr;
  const out = stereo(frames);
  for (const [hz, level] of voices) {
    for (let c = 0; c < 2; c++) {
      const swell = slowCurve(rng.fork(`${hz}:${c}`), frames, sr, swellSeconds);
      const detuned = hz * (c === 0 ? 0.998 : 1.002);
      const dst = out[c]!;
      for (let i = 0; i < frames; i++)
        dst[i] = dst[i]! + Math.sin((2 * Math.PI * detuned * i) / sr) * level * (0.4 + swell[i]!);
    }
  }
  return out;
}

/** Industrial loop: a mains hum, hiss and a metallic clank twice a second. */
export function industrialLoop(rng: Rng, sr: number): Stereo {
  const out = drone(
    rng,
    sr,
    [
      [50, 0.3],
      [100, 0.15],
      [150, 0.08],
    ],
    2,
  );
  const hiss = white(rng, out[0].length);
  new Biquad('highpass', sr, 3000).run(hiss);
  addAt(out, hiss, 0, 0.05);
  for (let t = 0.1; t < LOOP_SECONDS; t += 0.5) {
    const clank = new Float32Array(Math.round(0.3 * sr));
    for (const hz of [620, 1370, 2290, 3150].map((f) => f * rng.range(0.97, 1.03)))
      for (let i = 0; i < clank.length; i++)
        clank[i] = clank[i]! + Math.sin((2 * Math.PI * hz * i) / sr) * Math.exp(-i / (0.05 * sr));
    addAt(out, clank, t * sr, 0.35, rng.range(-0.4, 0.4));
  }
  return out;
}

/** 3D printer: stepper motors whining through changing pitches over a fan. */
export function printerLoop(rng: Rng, sr: number): Stereo {
  const fan = pink(rng, LOOP_SECONDS * sr);
  new Biquad('lowpass', sr, 1200).run(fan);
  const out = stereo(fan.length);
  addAt(out, fan, 0, 0.3);
  for (let t = 0; t < LOOP_SECONDS - 0.1;) {
    const seconds = Math.min(rng.range(0.15, 0.6), LOOP_SECONDS - t);
    const hz = rng.range(250, 950);
    addAt(out, tone(sr, hz, seconds, true, hz * rng.range(0.9, 1.1)), t * sr, 0.12);
    t += seconds + rng.range(0, 0.08);
  }
  return out;
}

/** Haunted hum: low, beating, slowly breathing tones. */
export function hauntedHum(rng: Rng, sr: number): Stereo {
  const out = drone(
    rng,
    sr,
    [
      [55, 0.4],
      [55.7, 0.3],
      [82.6, 0.2],
      [164, 0.06],
    ],
    1.5,
  );
  const breath = pink(rng, out[0].length);
  new Biquad('bandpass', sr, 500, 1).run(breath);
  addAt(out, breath, 0, 0.08);
  return out;
}

/** Ambient drone: a dark chord on a low root with its fifth and octave. */
export function darkDrone(rng: Rng, sr: number): Stereo {
  return drone(
    rng,
    sr,
    [
      [65.4, 0.35],
      [98, 0.2],
      [130.8, 0.15],
      [196, 0.06],
    ],
    3,
  );
}

/** Glass hum: high, pure, slowly beating tones (ethereal, choir-like). */
export function glassHum(rng: Rng, sr: number): Stereo {
  return drone(
    rng,
    sr,
    [
      [523.3, 0.2],
      [659.3, 0.14],
      [784, 0.14],
      [1046.5, 0.07],
    ],
    2.5,
  );
}

/** Vinyl surface: soft high hiss with random crackles and pops. */
export function vinylHiss(rng: Rng, sr: number): Stereo {
  const frames = LOOP_SECONDS * sr;
  const out = stereo(frames);
  for (let c = 0; c < 2; c++) {
    const hiss = pink(rng.fork(`hiss${c}`), frames);
    new Biquad('highpass', sr, 1500).run(hiss);
    out[c]!.set(hiss.map((v) => v * 0.3));
  }
  const crackles = Math.round(LOOP_SECONDS * 12);
  for (let k = 0; k < crackles; k++) {
    const click = white(rng, Math.round(rng.range(0.0005, 0.003) * sr));
    addAt(
      out,
      click,
      rng.range(0, LOOP_SECONDS - 0.01) * sr,
      rng.range(0.1, 0.6) ** 2,
      rng.range(-1, 1),
    );
  }
  return out;
}
