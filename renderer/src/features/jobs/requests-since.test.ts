import { describe, expect, it } from 'vitest';
import { requestsSince, usageDaysSince } from './requests-since';

describe('requestsSince', () => {
  const daily = [
    { date: '2026-11-20', requests: 4 },
    { date: '2026-11-21', requests: 2 },
    { date: '2026-11-22' },
    { date: '2026-11-23', requests: 1 },
  ];

  it('adds the requests of the interruption day and every day after it', () => {
    const since = Date.parse('2026-11-21T22:10:00Z');
    expect(requestsSince(daily, since)).toEqual({ requests: 3, fromDate: '2026-11-21' });
  });

  it('asks for a usage period that reaches back to the interruption, within 1–365 days', () => {
    const now = Date.parse('2026-11-23T08:00:00Z');
    expect(usageDaysSince(Date.parse('2026-11-21T22:10:00Z'), now)).toBe(3);
    expect(usageDaysSince(now, now)).toBe(1);
    expect(usageDaysSince(0, now)).toBe(365);
  });
});
