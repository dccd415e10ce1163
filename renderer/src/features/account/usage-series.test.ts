import { describe, expect, it } from 'vitest';
import { chartEndDate, niceMax, usageBars } from './usage-series';

describe('usage series', () => {
  const daily = [
    { date: '2026-07-07', requests: 2, duration_seconds: 120, cost: 1.2 },
    { date: '2026-07-05', requests: 1 },
  ];
  it('fills every day of the period with zeros where nothing was listed', () => {
    expect(usageBars(daily, 4, '2026-07-07', 'requests')).toEqual([
      { date: '2026-07-04', value: 0 },
      { date: '2026-07-05', value: 1 },
      { date: '2026-07-06', value: 0 },
      { date: '2026-07-07', value: 2 },
    ]);
    expect(usageBars(daily, 1, '2026-07-07', 'cost')).toEqual([{ date: '2026-07-07', value: 1.2 }]);
    expect(usageBars(daily, 3, '2026-07-07', 'seconds').map((b) => b.value)).toEqual([0, 0, 120]);
  });
  it('crosses month ends and picks the later end date', () => {
    expect(usageBars([], 3, '2026-03-01', 'requests').map((b) => b.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(chartEndDate(daily, '2026-07-06')).toBe('2026-07-07');
    expect(chartEndDate(daily, '2026-07-09')).toBe('2026-07-09');
  });
  it('rounds the axis top', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(0.043)).toBeCloseTo(0.05);
    expect(niceMax(500)).toBe(500);
  });
});
