import { addAt, applyCurve, decay, stereo, type Stereo } from '../dsp/buffer';
import { Biquad } from '../dsp/filters';
import { pinkSource, slowCurveSource, white } from '../dsp/noise';
import { pulse, scatter, type BedContext } from './types';
import { wind } from './nature';
import { roomTone } from './mechanical';

/** Crowd murmur: a dozen "voices" of formant-filtered noise gated at syllable rate. */
export function crowd(ctx: BedContext): Stereo {
  const { frames, sampleRate: sr, rng, intensity } = ctx;
  const out = stereo(frames);
  const voices = Math.round(5 + 4 * intensity);
  for (let v = 0; v < voices; v++) {
    const r = rng.fork(`voice${v}`);
    // Sources instead of buffers: a 180 s crowd would otherwise hold dozens of long arrays.
    const source = pinkSource(r);
    const vowel = slowCurveSource(r, sr, 0.18);
    const phrase = slowCurveSource(r, sr, 1.8);
    const f1 = new Biquad('bandpass', sr, 500, 4);
    const f2 = new Biquad('bandpass', sr, 1500, 5);
    const pitchBase = r.range(0.8, 1.25);
    const syllableRate = r.range(3.5, 6);
    const pan = r.range(-0.8, 0.8);
    const gain = (r.range(0.4, 1) / Math.sqrt(voices)) * 3;
    const left = gain * Math.cos(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
    const right = gain * Math.sin(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
    let phase = r.next();
    for (let i = 0; i < frames; i++) {
      const talking = phrase() > 0.45 ? 1 : 0.1;
      const shape = vowel();
      if (i % 64 === 0) {
        f1.set((350 + 500 * shape) * pitchBase, 4);
        f2.set((1000 + 1400 * (1 - shape)) * pitchBase, 5);
      }
      phase += syllableRate / sr;
      // Triangle-shaped syllable envelope, smoothstepped: cheap and close to a raised cosine.
      const tri = 1 - Math.abs(2 * (phase - Math.floor(phase)) - 1);
      const syllable = tri * tri * (3 - 2 * tri);
      const x = source();
      const value = (f1.process(x) + 0.6 * f2.process(x)) * syllable * talking;
      out[0][i] = out[0][i]! + value * left;
      out[1][i] = out[1][i]! + value * right;
    }
  }
  return out;
}

/** Birds: a few singers with their own chirp shapes, phrases every few seconds, over light air. */
export function birds(ctx: BedContext): Stereo {
  const { sampleRate: sr, rng, intensity } = ctx;
  const out = wind({ ...ctx, intensity: 0.4 });
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.15;
  const singers = Array.from({ length: 3 + Math.round(intensity * 2) }, (_, k) => {
    const r = rng.fork(`bird${k}`);
    return {
      base: r.range(2200, 4800),
      sweep: r.range(-0.5, 0.9),
      length: r.range(0.04, 0.14),
      notes: Math.round(r.range(2, 7)),
      pan: r.range(-0.8, 0.8),
      gap: r.range(0.05, 0.12),
    };
  });
  for (const singer of singers) {
    scatter(
      ctx,
      rng.range(0.2, 0.5) * intensity,
      (frame) => {
        let at = frame;
        for (let n = 0; n < singer.notes; n++) {
          const length = Math.round(singer.length * sr * rng.range(0.8, 1.2));
          const chirp = new Float32Array(length);
          let phase = 0;
          const f0 = singer.base * rng.range(0.92, 1.08);
          for (let i = 0; i < length; i++) {
            const t = i / length;
            phase += (2 * Math.PI * f0 * (1 + singer.sweep * t)) / sr;
            const env = Math.sin(Math.PI * t) ** 2;
            chirp[i] = (Math.sin(phase) + 0.2 * Math.sin(2 * phase)) * env;
          }
          addAt(out, chirp, at, 0.25, singer.pan);
          at += length + Math.round(singer.gap * sr);
        }
      },
      0.8,
    );
  }
  return out;
}

/** Crickets: trains of ~4.5 kHz pulses from a few insects, over quiet night air. */
export function crickets(ctx: BedContext): Stereo {
  const { sampleRate: sr, rng, intensity } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.2;
  for (let k = 0; k < 2 + Math.round(2 * intensity); k++) {
    const f = rng.range(4000, 5200);
    const pan = rng.range(-0.9, 0.9);
    const gain = rng.range(0.05, 0.15);
    const pulseLength = Math.round(0.014 * sr);
    pulse(ctx, rng.range(0.5, 0.9), 0.05, (frame) => {
      for (let p = 0; p < 4; p++) {
        const tone = new Float32Array(pulseLength);
        for (let i = 0; i < pulseLength; i++)
          tone[i] = Math.sin((2 * Math.PI * f * i) / sr) * Math.sin((Math.PI * i) / pulseLength);
        addAt(out, tone, frame + p * Math.round(0.03 * sr), gain, pan);
      }
    });
  }
  return out;
}

/** Footsteps: heel thump plus scuff, alternating feet; `crunch` adds gravel-like grit. */
export function footsteps(
  ctx: BedContext,
  options: { intervalSeconds: number; crunch: number },
): Stereo {
  const { sampleRate: sr, rng } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.05;
  const length = Math.round(0.18 * sr);
  pulse(ctx, options.intervalSeconds, 0.06, (frame, index) => {
    const thump = white(rng, length);
    new Biquad('lowpass', sr, rng.range(180, 320), 1.2).run(thump);
    applyCurve(thump, decay(length, 0.025, sr, 20));
    const scuff = white(rng, length);
    new Biquad('bandpass', sr, rng.range(1200, 2600), 0.8).run(scuff);
    applyCurve(scuff, decay(length, 0.03 + 0.04 * options.crunch, sr, 200));
    const pan = index % 2 ? 0.15 : -0.15;
    const level = rng.range(0.8, 1.1);
    addAt(out, thump, frame, 2.5 * level, pan);
    addAt(out, scuff, frame + Math.round(0.02 * sr), (0.35 + 0.8 * options.crunch) * level, pan);
  });
  return out;
}

/** Heartbeat: lub-dub low thumps at about 70 beats per minute. */
export function heartbeat(ctx: BedContext): Stereo {
  const { sampleRate: sr, rng, intensity } = ctx;
  const out = roomTone(ctx);
  for (const channel of out)
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! * 0.03;
  const beat = (frame: number, gain: number, f: number): void => {
    const length = Math.round(0.2 * sr);
    const thump = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const t = i / sr;
      thump[i] =
        Math.sin(2 * Math.PI * f * t * (1 - 0.8 * t)) * Math.exp(-t / 0.05) * Math.min(1, i / 80);
    }
    addAt(out, thump, frame, gain);
  };
  pulse(ctx, 60 / (60 + 20 * intensity), 0.02, (frame) => {
    beat(frame, 1, rng.range(50, 60));
    beat(frame + Math.round(0.28 * sr), 0.7, rng.range(60, 70));
  });
  return out;
}
