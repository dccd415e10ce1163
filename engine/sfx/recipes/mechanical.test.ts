import { describe, expect, it } from 'vitest';
import { Biquad } from '../dsp/filters';
import { pink } from '../dsp/noise';
import { createRng } from '../dsp/random';
import { passingCar } from './mechanical';

const SR = 48000;

/** The passing car as its formulas read, every value computed on every frame. */
function passingCarExact(car: Float32Array, direction: number): Float32Array[] {
  const length = car.length;
  const lp = new Biquad('lowpass', SR, 600);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / length;
    const near = Math.exp(-(((t - 0.5) / 0.18) ** 2));
    if (i % 64 === 0) lp.set(400 + 2400 * near, 0.7);
    const v = lp.process(car[i]!) * near * 1.6;
    const angle = ((direction * (t * 2 - 1) + 1) * Math.PI) / 4;
    left[i] = v * Math.cos(angle);
    right[i] = v * Math.sin(angle);
  }
  return [left, right];
}

describe('passingCar', () => {
  it('matches its per-frame formulas to within a float32 step, both ways and any length', () => {
    for (const [seconds, direction] of [
      [3, 1],
      [4.37, -1],
    ] as const) {
      const car = pink(createRng(5), Math.round(seconds * SR));
      const fast = passingCar(car, direction, SR);
      const exact = passingCarExact(car, direction);
      let peak = 0;
      let worst = 0;
      for (let c = 0; c < 2; c++) {
        for (let i = 0; i < car.length; i++) {
          peak = Math.max(peak, Math.abs(exact[c]![i]!));
          worst = Math.max(worst, Math.abs(fast[c]![i]! - exact[c]![i]!));
        }
      }
      expect(peak).toBeGreaterThan(0.05);
      expect(worst).toBeLessThan(1e-6);
      // It does pass: louder on the side it starts from early on, on the other side late.
      const early = Math.round(car.length * 0.3);
      const late = Math.round(car.length * 0.7);
      const energy = (channel: Float32Array, from: number, to: number) =>
        channel.subarray(from, to).reduce((sum, x) => sum + x * x, 0);
      const [startSide, endSide] = direction === 1 ? [0, 1] : [1, 0];
      expect(energy(fast[startSide]!, 0, early)).toBeGreaterThan(energy(fast[endSide]!, 0, early));
      expect(energy(fast[endSide]!, late, car.length)).toBeGreaterThan(
        energy(fast[startSide]!, late, car.length),
      );
    }
  });
});
