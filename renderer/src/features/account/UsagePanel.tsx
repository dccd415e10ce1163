import { useState } from 'react';
import { accountUsageSchema } from '../../../../shared/api/responses';
import { useApiQuery } from '../../bridge/query';
import { formatCost, formatCount, formatSpan } from '../../lib/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Notice } from '../../ui/Notice';
import { Panel } from '../../ui/Panel';
import { UsageChart } from './UsageChart';
import { chartEndDate, usageBars, type UsageMetric } from './usage-series';

const PERIODS = [7, 30, 90, 365] as const;
const METRICS: [UsageMetric, string][] = [
  ['requests', 'Requests'],
  ['seconds', 'Seconds'],
  ['cost', 'Cost'],
];

/** GET /v1/account/usage for a chosen period: totals and a daily chart. */
export function UsagePanel() {
  const [days, setDays] = useState<number>(30);
  const [metric, setMetric] = useState<UsageMetric>('requests');
  const usage = useApiQuery('account:usage', { days });
  const parsed = usage.data && !usage.error ? accountUsageSchema.safeParse(usage.data) : undefined;
  const report = parsed?.success ? parsed.data : undefined;
  const today = new Date().toISOString().slice(0, 10);
  const bars = report
    ? usageBars(report.daily, days, chartEndDate(report.daily, today), metric)
    : [];
  const summary = report?.summary;

  return (
    <Panel
      title="Usage"
      hint="Requests, processed seconds and cost, per day."
      label="Usage"
      actions={
        <select
          className="select usage__period"
          aria-label="Period"
          data-testid="usage-period"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      }
    >
      {usage.error && <ErrorNotice error={usage.error} />}
      {parsed && !parsed.success && (
        <Notice tone="warn" title="The service answered in an unexpected shape." />
      )}
      {usage.isPending && !usage.error && <p className="faint small">Loading usage…</p>}
      {report && (
        <>
          <div className="stats" data-testid="usage-summary">
            <div className="stat">
              <span className="stat__label">Requests</span>
              <span className="stat__value nums">{formatCount(summary?.total_requests ?? 0)}</span>
            </div>
            <div className="stat">
              <span className="stat__label">Processed</span>
              <span className="stat__value nums">
                {formatSpan((summary?.total_duration_seconds ?? 0) * 1000)}
              </span>
            </div>
            <div className="stat">
              <span className="stat__label">Cost</span>
              <span className="stat__value nums">{formatCost(summary?.total_cost ?? 0)}</span>
            </div>
          </div>
          <div className="segmented" role="radiogroup" aria-label="Chart shows">
            {METRICS.map(([value, text]) => (
              <label key={value} className="segmented__option">
                <input
                  type="radio"
                  name="usage-metric"
                  checked={metric === value}
                  onChange={() => setMetric(value)}
                />
                <span>{text}</span>
              </label>
            ))}
          </div>
          <UsageChart bars={bars} metric={metric} />
        </>
      )}
    </Panel>
  );
}
