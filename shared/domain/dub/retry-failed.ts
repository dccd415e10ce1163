import { quantizeUsd } from '../../api/billing-rates';
import type { Job } from '../jobs/job';
import type { DubBatchPlan } from './batch-plan';
import { cellState, type Runs } from './batch-state';

/** What "Retry failed" would send: each failed request once, and what sending them again costs. */
export interface FailedRetry {
  requestKeys: string[];
  /** USD, the sum of each request's own price (the figure the drawer's "Retry · $X" shows). */
  amount: number;
}

/**
 * The requests with a failed cell. A retry is a new POST and a new charge per request, whatever
 * share of its cells failed, so the price is each request's whole charge, counted once.
 */
export function failedRetry(
  plan: DubBatchPlan,
  jobs: ReadonlyMap<string, Job>,
  runs: Runs,
): FailedRetry {
  const keys = new Set<string>();
  for (const row of plan.rows)
    for (const cell of row.cells)
      if (cell.requestKey && cellState(cell, jobs, runs) === 'failed') keys.add(cell.requestKey);
  const requests = plan.requests.filter((request) => keys.has(request.key));
  return {
    requestKeys: requests.map((request) => request.key),
    amount: quantizeUsd(requests.reduce((sum, request) => sum + request.charge.amount, 0)),
  };
}
