import type { AccountUsage } from '../../../../shared/api/responses';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The usage period (days, 1–365) that covers everything from `since` until `now`. */
export function usageDaysSince(since: number, now: number): number {
  return Math.min(365, Math.max(1, Math.ceil((now - since) / DAY_MS) + 1));
}

/**
 * Requests the account made from the day of `since` on (UTC days, the usage report's
 * granularity): the figure a user checks to see whether an interrupted submission was charged.
 */
export function requestsSince(
  daily: AccountUsage['daily'],
  since: number,
): { requests: number; fromDate: string } {
  const fromDate = new Date(since).toISOString().slice(0, 10);
  const requests = daily
    .filter((day) => day.date.slice(0, 10) >= fromDate)
    .reduce((sum, day) => sum + (day.requests ?? 0), 0);
  return { requests, fromDate };
}
