import { addAt, applyCurve, decay, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { brown, pink, white } from '../dsp/noise';
import type { Rng } from '../dsp/random';
import { tone } from './signals';

/**
 * Procedural stand-ins for the sonic-pi one-shots the catalog names, used where the Debian
 * `sonic-pi-samples` folder is absent (macOS, Windows, Linux without root). Each aims at the
 * same kind of sound as the sample it replaces, not a copy of it.
 */

/** A partial: sine at `hz` decaying with time constant `tau` seconds. */
function partial(sr: number, hz: number, seconds: number, tau: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sr));
  for (let i = 0; i < out.length; i++)
    out[i] = Math.sin((2 * Math.PI * hz * i) / sr) * Math.exp(-i / (tau * sr));
  return out;
}

/** A band of noise with an exponential decay (clicks, snaps, bursts). */
function burst(rng: Rng, sr: number, seconds: number, hz: number, q: number, tau: number) {
  const out = white(rng, Math.round(seconds * sr));
  new Biquad('bandpass', sr, hz, q).run(out);
  return applyCurve(out, decay(out.length, tau, sr, 8));
}

/** Church-like bell: inharmonic partials (hum, prime, tierce, quint, nominal…) ringing out. */
export function bell(rng: Rng, sr: number, f0 = rng.range(380, 460), seconds = 3): Stereo {
  const out = stereo(Math.round(seconds * sr));
  const ratios: [number, number, number][] = [
    [0.5, 0.6, 1.6],
    [1, 1, 1.2],
    [1.19, 0.5, 0.9],
    [1.5, 0.35, 0.7],
    [2, 0.45, 0.6],
    [2.52, 0.25, 0.4],
    [3.01, 0.2, 0.3],
  ];
  for (const [ratio, level, tau] of ratios)
    addAt(out, partial(sr, f0 * ratio * rng.range(0.998, 1.002), seconds, tau), 0, level);
  addAt(out, burst(rng, sr, 0.02, 3000, 1, 0.004), 0, 0.3);
  return out;
}

/** Door: a stick-slip creak as it swings, then the thud of it closing. */
export function door(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(1.6 * sr));
  const creakLength = Math.round(0.9 * sr);
  const creak = new Float32Array(creakLength);
  const body = new Biquad('bandpass', sr, 900, 4);
  let next = 0;
  for (let i = 0; i < creakLength; i++) {
    const t = i / creakLength;
    let v = 0;
    if (i >= next) {
      v = 1;
      // Slip rate wanders between ~60 and ~180 per second: the pitch of the creak.
      next = i + Math.round(sr / (60 + 120 * Math.sin(Math.PI * t) * rng.range(0.8, 1.2)));
    }
    if (i % 64 === 0) body.set(700 + 700 * t, 4);
    creak[i] = body.process(v) * Math.sin(Math.PI * t);
  }
  addAt(out, creak, 0, 3);
  const thud = brown(rng, Math.round(0.5 * sr));
  new Biquad('lowpass', sr, 300).run(thud);
  applyCurve(thud, decay(thud.length, 0.07, sr, 20));
  addAt(out, thud, 0.95 * sr, 6);
  addAt(out, partial(sr, 85, 0.4, 0.08), 0.95 * sr, 0.6);
  addAt(out, burst(rng, sr, 0.05, 1500, 1, 0.01), 0.95 * sr, 0.5);
  return out;
}

/** Crow: two or three harsh falling caws (buzzy source through a beak-like formant). */
export function crow(rng: Rng, sr: number): Stereo {
  const caws = rng.next() < 0.5 ? 2 : 3;
  const out = stereo(Math.round((0.15 + caws * 0.45) * sr));
  for (let k = 0; k < caws; k++) {
    const length = Math.round(rng.range(0.28, 0.36) * sr);
    const caw = new Float32Array(length);
    const f0 = rng.range(480, 620);
    const formant = new Biquad('bandpass', sr, 1500, 2);
    const rasp = white(rng, length);
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const t = i / length;
      phase += (f0 * (1.1 - 0.3 * t)) / sr;
      const saw = 2 * (phase % 1) - 1;
      const env = Math.min(1, t * 12) * (1 - t) ** 1.5;
      caw[i] = formant.process(saw + 0.6 * rasp[i]!) * env;
    }
    addAt(out, caw, (0.05 + k * rng.range(0.4, 0.5)) * sr, 2, rng.range(-0.2, 0.2));
  }
  return out;
}

/** Notification chime: two bright, bell-like notes a sixth apart. */
export function chime(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(1.4 * sr));
  const base = rng.range(820, 900);
  for (const [at, hz] of [
    [0, base],
    [0.14, base * 1.68],
  ] as const) {
    addAt(out, partial(sr, hz, 1.2, 0.35), at * sr, 0.6);
    addAt(out, partial(sr, hz * 2.76, 0.6, 0.08), at * sr, 0.15);
  }
  return out;
}

/** Telephone: two rings of a 440+480 Hz pair chopped at 20 Hz like a ringer's bell. */
export function phone(_rng: Rng, sr: number): Stereo {
  const ring = 1.0;
  const out = stereo(Math.round(3.2 * sr));
  for (const start of [0, 2]) {
    const length = Math.round(ring * sr);
    const burstTone = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const t = i / sr;
      const chop = Math.sin(2 * Math.PI * 20 * t) > 0 ? 1 : 0.25;
      burstTone[i] =
        (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t)) * 0.5 * chop;
    }
    applyCurve(burstTone, (i) => Math.min(1, i / 200, (length - i) / 200));
    addAt(out, burstTone, start * sr, 0.6);
  }
  return out;
}

/** Vinyl rewind: a record dragged backwards, pitch racing down with a scratchy wobble. */
export function rewind(rng: Rng, sr: number): Stereo {
  const length = Math.round(0.9 * sr);
  const out = stereo(length);
  const noise = white(rng, length);
  const bp = new Biquad('bandpass', sr, 2000, 3);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / length;
    const hz = 2500 * (1 - t) ** 2 + 120 + 200 * Math.sin(2 * Math.PI * 9 * t * (1 - t));
    phase += hz / sr;
    if (i % 32 === 0) bp.set(hz * 2, 3);
    const v = (Math.sin(2 * Math.PI * phase) * 0.5 + bp.process(noise[i]!)) * (1 - t * 0.7);
    out[0][i] = v;
    out[1][i] = v;
  }
  return out;
}

/** Cash register: a mechanical clunk, the drawer's bell and a few coins. */
export function till(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(1.5 * sr));
  addAt(out, burst(rng, sr, 0.12, 700, 1.5, 0.03), 0, 1.5);
  addAt(out, burst(rng, sr, 0.08, 300, 2, 0.02), 0.1 * sr, 1.2);
  const ding = bell(rng, sr, rng.range(1900, 2100), 1.2);
  addAt(out, ding, 0.18 * sr, 0.5);
  for (let k = 0; k < 6; k++)
    addAt(out, partial(sr, rng.range(3500, 6500), 0.15, 0.03), rng.range(0.3, 0.8) * sr, 0.15);
  return out;
}

/** Robot glitch: a bit-crushed square voice hopping between pitches in stutters. */
export function robot(rng: Rng, sr: number): Stereo {
  const length = Math.round(1.1 * sr);
  const out = stereo(length);
  let at = 0;
  while (at < length * 0.9) {
    const seconds = rng.range(0.04, 0.14);
    const hz = rng.range(150, 900);
    const blip = tone(sr, hz, seconds, true, hz * rng.range(0.8, 1.25));
    // Bit-crush to 3 bits: the digital grit of a glitch.
    for (let i = 0; i < blip.length; i++) blip[i] = Math.round(blip[i]! * 4) / 4;
    addAt(out, blip, at, 0.5, rng.range(-0.5, 0.5));
    at += Math.round((seconds + rng.range(0, 0.05)) * sr);
  }
  return out;
}

/** Finger snap: a sharp, bright click with a short body. */
export function snap(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(0.25 * sr));
  addAt(out, burst(rng, sr, 0.08, 2600, 1.6, 0.009), 0, 2);
  addAt(out, burst(rng, sr, 0.05, 900, 2, 0.006), 0, 0.6);
  return out;
}

/** Impact hit: a punchy low thump with a bright crack, tighter than the impact recipe. */
export function hit(rng: Rng, sr: number): Stereo {
  const out = stereo(Math.round(0.7 * sr));
  const body = new Float32Array(out[0].length);
  let phase = 0;
  for (let i = 0; i < body.length; i++) {
    const t = i / sr;
    phase += (2 * Math.PI * (70 + 110 * Math.exp(-t * 25))) / sr;
    body[i] = Math.sin(phase) * Math.exp(-t / 0.12);
  }
  addAt(out, body, 0, 1);
  addAt(out, burst(rng, sr, 0.06, 2500, 0.8, 0.012), 0, 0.8);
  return out;
}

/** Cinematic boom: a sub drop and a long, dark rumble tail. */
export function cineboom(rng: Rng, sr: number): Stereo {
  const length = Math.round(3.5 * sr);
  const out = stereo(length);
  const sub = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sr;
    phase += (2 * Math.PI * (38 + 60 * Math.exp(-t * 4))) / sr;
    sub[i] = Math.sin(phase) * Math.exp(-t / 1.1);
  }
  addAt(out, sub, 0, 1);
  for (let c = 0; c < 2; c++) {
    const rumble = brown(rng.fork(`rumble${c}`), length);
    new Biquad('lowpass', sr, 160).run(rumble);
    applyCurve(rumble, decay(length, 1.2, sr, Math.round(0.01 * sr)));
    out[c]!.set(out[c]!.map((v, i) => v + rumble[i]! * 4));
  }
  const attack = pink(rng, Math.round(0.3 * sr));
  applyCurve(attack, decay(attack.length, 0.05, sr));
  addAt(out, attack, 0, 0.5);
  return out;
}

/** Lunar landing: a long descent swell of filtered noise and engine tone settling to a thump. */
export function landing(rng: Rng, sr: number): Stereo {
  const length = Math.round(5 * sr);
  const out = stereo(length);
  const air = pink(rng, length);
  const lp = new Biquad('lowpass', sr, 400);
  for (let i = 0; i < length; i++) {
    const t = i / length;
    if (i % 64 === 0) lp.set(300 + 2500 * Math.sin(Math.PI * Math.min(1, t * 1.25)) ** 2);
    air[i] = lp.process(air[i]!) * Math.sin(Math.PI * Math.min(1, t * 1.25));
  }
  addAt(out, air, 0, 1.5);
  addAt(out, tone(sr, 90, 3.8, false, 55), 0, 0.3);
  addAt(out, hit(rng, sr), 4 * sr, 0.6);
  return out;
}

/** Snare drum roll: rapid strokes building over ~3 s, ending on an accent. */
export function drumRoll(rng: Rng, sr: number): Stereo {
  const length = Math.round(3.4 * sr);
  const out = stereo(length);
  for (let t = 0; t < 3; t += rng.range(0.03, 0.04)) {
    const stroke = burst(rng, sr, 0.06, rng.range(2500, 4000), 0.7, 0.02);
    addAt(out, stroke, t * sr, 0.15 + 0.5 * (t / 3) ** 2, rng.range(-0.1, 0.1));
  }
  addAt(out, burst(rng, sr, 0.3, 2000, 0.5, 0.08), 3 * sr, 1.2);
  addAt(out, partial(sr, 180, 0.3, 0.06), 3 * sr, 0.8);
  return out;
}
