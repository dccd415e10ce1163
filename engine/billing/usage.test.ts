import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger';
import { usageReport } from './usage';

const entry = (
  at: string,
  kind: 'charge' | 'refund',
  amount: number,
  seconds = 10,
): LedgerEntry => ({
  id: at + kind,
  at,
  accountId: 'a',
  taskId: null,
  type: 'text_to_music',
  kind,
  amount,
  seconds,
  trial: false,
});

describe('usageReport', () => {
  const now = new Date('2026-07-07T15:00:00Z');
  const entries = [
    entry('2026-05-01T10:00:00Z', 'charge', 9999),
    entry('2026-07-06T10:00:00Z', 'charge', 6000, 60),
    entry('2026-07-07T09:00:00Z', 'charge', 3000, 30),
    entry('2026-07-07T09:30:00Z', 'charge', 1000, 10),
    entry('2026-07-07T09:31:00Z', 'refund', 1000, 10),
  ];

  it('sums the last N UTC days including today, rows adding up to the summary', () => {
    const report = usageReport(entries, 30, now);
    expect(report.summary).toEqual({
      total_requests: 3,
      total_duration_seconds: 100,
      total_cost: '0.9000',
      total_refunds: 1,
      period_start: '2026-06-08T00:00:00Z',
      period_end: '2026-07-08T00:00:00Z',
    });
    expect(report.daily).toEqual([
      { date: '2026-07-06', requests: 1, duration_seconds: 60, cost: '0.6000' },
      { date: '2026-07-07', requests: 2, duration_seconds: 40, cost: '0.3000' },
    ]);
  });

  it('narrows to one day', () => {
    const report = usageReport(entries, 1, now);
    expect(report.daily.map((d) => d.date)).toEqual(['2026-07-07']);
    expect(report.summary.total_cost).toBe('0.3000');
  });
});
