import { describe, expect, it } from 'vitest';
import { quietSpans, spliceWindow } from './pcm-splice';

describe('spliceWindow', () => {
  it('replaces only the window and leaves every sample outside it as it was', () => {
    const full = Int16Array.from({ length: 2 * 1000 }, (_, i) => (i % 7) * 100);
    const window = new Int16Array(2 * 200).fill(5000);
    const out = spliceWindow(full, window, 2, 300, 500, 20);
    expect(Array.from(out.slice(0, 600))).toEqual(Array.from(full.slice(0, 600)));
    expect(Array.from(out.slice(1000))).toEqual(Array.from(full.slice(1000)));
    // The middle of the window is the new audio; the edges fade between the two.
    expect(out[2 * 400]).toBe(5000);
    expect(Math.abs(out[2 * 300]! - full[2 * 300]!)).toBeLessThan(5000 - full[2 * 300]!);
    expect(full[2 * 400]).not.toBe(5000);
  });

  it('keeps the old audio past the end of a window that came back short', () => {
    const full = new Int16Array(100).fill(1);
    const out = spliceWindow(full, new Int16Array(10).fill(9), 1, 20, 60, 0);
    expect(Array.from(out.slice(20, 30))).toEqual(new Array(10).fill(9));
    expect(Array.from(out.slice(30))).toEqual(new Array(70).fill(1));
  });
});

describe('quietSpans', () => {
  it('finds the silent stretch between two loud ones', () => {
    const rate = 1000;
    const pcm = new Int16Array(3000);
    for (let i = 0; i < 3000; i += 1) pcm[i] = i < 1000 || i >= 2000 ? (i % 2 ? 8000 : -8000) : 0;
    expect(quietSpans(pcm, 1, rate)).toEqual([{ startMs: 1000, endMs: 2000 }]);
  });
});
