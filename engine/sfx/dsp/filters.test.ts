import { describe, expect, it } from 'vitest';
import { Biquad, type BiquadKind } from './filters';
import { white } from './noise';
import { createRng } from './random';

const SR = 48000;

describe('Biquad', () => {
  it('filters a buffer exactly as per-frame calls do, across calls and with a gain', () => {
    const kinds: BiquadKind[] = ['lowpass', 'highpass', 'bandpass', 'peaking'];
    for (const kind of kinds) {
      // Noise, then silence long enough for the denormal flush to matter.
      const input = new Float32Array(6000);
      input.set(white(createRng(3), 3000));
      const perFrame = new Biquad(kind, SR, 700, 0.9, 4);
      const expected = input.map((x) => perFrame.process(x) * 0.8);
      const whole = new Biquad(kind, SR, 700, 0.9, 4);
      const output = new Float32Array(input.length);
      // Two calls, so the state carried between them is checked too.
      whole.runInto(input.subarray(0, 2500), output.subarray(0, 2500), 0.8);
      whole.runInto(input.subarray(2500), output.subarray(2500), 0.8);
      expect(output.some((x) => x !== 0)).toBe(true);
      expect(Buffer.from(output.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
      // And in place, without a gain, as run() is used.
      const inPlace = Float32Array.from(input);
      new Biquad(kind, SR, 700, 0.9, 4).run(inPlace);
      const reference = new Biquad(kind, SR, 700, 0.9, 4);
      expect(
        Buffer.from(inPlace.buffer).equals(
          Buffer.from(input.map((x) => reference.process(x)).buffer),
        ),
      ).toBe(true);
    }
  });
});
