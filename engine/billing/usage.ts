import { formatMoney, type Money } from './money';
import type { LedgerEntry } from './ledger';

const DAY_MS = 86_400_000;

export interface UsageDay {
  date: string;
  requests: number;
  duration_seconds: number;
  cost: string;
}

export interface UsageReport {
  summary: {
    total_requests: number;
    total_duration_seconds: number;
    total_cost: string;
    total_refunds: number;
    period_start: string;
    period_end: string;
  };
  daily: UsageDay[];
}

/**
 * Usage over the last `days` UTC days including today (docs/api-notes.md 6.15). Requests and
 * seconds count charges; cost is charges minus refunds, so the rows add up to the ledger.
 */
export function usageReport(
  entries: readonly LedgerEntry[],
  days: number,
  now = new Date(),
): UsageReport {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS;
  const start = end - days * DAY_MS;
  const byDate = new Map<string, { requests: number; seconds: number; cost: Money }>();
  let refunds = 0;
  for (const entry of entries) {
    const at = Date.parse(entry.at);
    if (at < start || at >= end) continue;
    const date = entry.at.slice(0, 10);
    const day = byDate.get(date) ?? { requests: 0, seconds: 0, cost: 0 };
    if (entry.kind === 'charge') {
      day.requests += 1;
      day.seconds += entry.seconds;
      day.cost += entry.amount;
    } else {
      day.cost -= entry.amount;
      refunds += 1;
    }
    byDate.set(date, day);
  }
  const rows = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b));
  const daily = rows.map(([date, day]) => ({
    date,
    requests: day.requests,
    duration_seconds: round3(day.seconds),
    cost: formatMoney(day.cost),
  }));
  const totalCost = rows.reduce((sum, [, day]) => sum + day.cost, 0);
  return {
    summary: {
      total_requests: rows.reduce((sum, [, day]) => sum + day.requests, 0),
      total_duration_seconds: round3(rows.reduce((sum, [, day]) => sum + day.seconds, 0)),
      total_cost: formatMoney(totalCost),
      total_refunds: refunds,
      period_start: new Date(start).toISOString().replace('.000Z', 'Z'),
      period_end: new Date(end).toISOString().replace('.000Z', 'Z'),
    },
    daily,
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
