export interface DailyUsage {
  date: string;
  requests?: number | undefined;
  duration_seconds?: number | undefined;
  cost?: number | undefined;
}

export type UsageMetric = 'requests' | 'seconds' | 'cost';

export interface UsageBar {
  date: string;
  value: number;
}

const DAY_MS = 86_400_000;

function valueOf(entry: DailyUsage | undefined, metric: UsageMetric): number {
  if (!entry) return 0;
  const raw =
    metric === 'requests'
      ? entry.requests
      : metric === 'seconds'
        ? entry.duration_seconds
        : entry.cost;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
}

/**
 * One bar per day of the period ending on `endDate` (YYYY-MM-DD, UTC): days the service did not
 * list are zero, so gaps show as gaps instead of the chart silently squeezing them out.
 */
export function usageBars(
  daily: readonly DailyUsage[],
  days: number,
  endDate: string,
  metric: UsageMetric,
): UsageBar[] {
  const byDate = new Map(daily.map((entry) => [entry.date.slice(0, 10), entry]));
  const end = Date.parse(`${endDate}T00:00:00Z`);
  const bars: UsageBar[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(end - i * DAY_MS).toISOString().slice(0, 10);
    bars.push({ date, value: valueOf(byDate.get(date), metric) });
  }
  return bars;
}

/** The last day to chart: the latest of today and the newest listed day (clocks may differ). */
export function chartEndDate(daily: readonly DailyUsage[], today: string): string {
  return daily.reduce(
    (latest, entry) => (entry.date.slice(0, 10) > latest ? entry.date.slice(0, 10) : latest),
    today,
  );
}

/** A round top for the y axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
