import { describe, expect, it } from 'vitest';
import {
  MIN_LABEL_PX,
  MIN_MINOR_PX,
  chooseTickStep,
  formatTickLabel,
  rulerTicks,
} from './ruler-ticks';
import { msToPx } from './scale';

describe('ruler tick choice', () => {
  it('labels sit at least MIN_LABEL_PX apart and the step is the smallest that does', () => {
    for (const zoom of [0.5, 1, 3.3, 10, 40, 120, 400, 1000]) {
      const { stepMs } = chooseTickStep(zoom);
      expect(msToPx(stepMs, zoom)).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      const denser = chooseTickStep(zoom * 1.01).stepMs;
      expect(denser).toBeLessThanOrEqual(stepMs);
    }
  });

  it('adapts to zoom: seconds at 40 px/s, minutes when fitted, tenths when zoomed in', () => {
    expect(chooseTickStep(40).stepMs).toBe(2000);
    expect(chooseTickStep(3.3).stepMs).toBe(30_000);
    expect(chooseTickStep(400).stepMs).toBe(200);
    expect(chooseTickStep(1000).stepMs).toBe(100);
  });

  it('draws minor ticks only when they are far enough apart', () => {
    const { minorMs } = chooseTickStep(40);
    expect(minorMs).toBe(500);
    for (const zoom of [0.5, 2, 7, 40, 333]) {
      const step = chooseTickStep(zoom);
      if (step.minorMs) expect(msToPx(step.minorMs, zoom)).toBeGreaterThanOrEqual(MIN_MINOR_PX);
    }
  });
});

describe('tick labels', () => {
  it('are as precise as the step', () => {
    expect(formatTickLabel(65_000, 5000)).toBe('1:05');
    expect(formatTickLabel(65_500, 500)).toBe('1:05.5');
    expect(formatTickLabel(65_250, 50)).toBe('1:05.25');
    expect(formatTickLabel(3_725_000, 60_000)).toBe('1:02:05');
  });
});

describe('ticks in a window', () => {
  it('covers the window with majors on multiples of the step and minors between', () => {
    const ticks = rulerTicks(1900, 6100, 40, 360_000);
    expect(ticks.major.map((t) => t.ms)).toEqual([2000, 4000, 6000]);
    expect(ticks.major.map((t) => t.label)).toEqual(['0:02', '0:04', '0:06']);
    expect(ticks.minor).toEqual([2500, 3000, 3500, 4500, 5000, 5500]);
  });

  it('never runs past the media or before 0', () => {
    const ticks = rulerTicks(-5000, 999_999, 40, 7000);
    expect(ticks.major[0]?.ms).toBe(0);
    expect(Math.max(...ticks.major.map((t) => t.ms), ...ticks.minor)).toBeLessThanOrEqual(7000);
  });

  it('keeps fractional steps exact (no float drift)', () => {
    const ticks = rulerTicks(0, 3000, 400, 360_000);
    for (const { ms } of ticks.major) expect(Number.isInteger(ms)).toBe(true);
    expect(ticks.major.at(-1)?.label).toBe('0:03.0');
  });
});
