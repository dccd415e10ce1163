import type { Job, JobStage } from '../jobs/job';
import type { CellPlan, DubBatchPlan } from './batch-plan';

/**
 * A cell's state, derived from the plan and the job ledger only: the batch stores which job
 * runs each request, never a status of its own, so a crash cannot leave two stories.
 */
export type CellState = 'blocked' | 'skipped' | 'ready' | JobStage;

export interface BatchProgress {
  /** Cells per state. */
  counts: Partial<Record<CellState, number>>;
  /** Cells in requests that were started. */
  started: number;
  /** Finished cells (succeeded, failed or canceled) among the started ones. */
  finished: number;
  /** 0..1 over the cells that can run. */
  fraction: number;
  /** True when every runnable cell has a job and every job has ended. */
  done: boolean;
}

export function cellState(cell: CellPlan, jobs: ReadonlyMap<string, Job>, runs: Runs): CellState {
  if (cell.preflight === 'blocked') return 'blocked';
  if (cell.excluded || cell.requestKey === null) return 'skipped';
  const jobId = runs[cell.requestKey];
  const job = jobId ? jobs.get(jobId) : undefined;
  return job ? job.stage : 'ready';
}

/** requestKey -> the job id that runs it (kept in the project's dub part). */
export type Runs = Readonly<Record<string, string>>;

const ENDED: readonly CellState[] = ['succeeded', 'failed', 'canceled'];

export function batchProgress(
  plan: DubBatchPlan,
  jobs: ReadonlyMap<string, Job>,
  runs: Runs,
): BatchProgress {
  const counts: Partial<Record<CellState, number>> = {};
  let runnable = 0;
  let started = 0;
  let finished = 0;
  for (const row of plan.rows) {
    for (const cell of row.cells) {
      const state = cellState(cell, jobs, runs);
      counts[state] = (counts[state] ?? 0) + 1;
      if (state === 'blocked' || state === 'skipped') continue;
      runnable += 1;
      if (state !== 'ready') started += 1;
      if (ENDED.includes(state)) finished += 1;
    }
  }
  return {
    counts,
    started,
    finished,
    fraction: runnable === 0 ? 0 : finished / runnable,
    done: runnable > 0 && finished === runnable,
  };
}

/** Requests still to submit, in plan order (rows top to bottom): the queue's next work. */
export function pendingRequests(plan: DubBatchPlan, runs: Runs) {
  return plan.requests.filter((request) => runs[request.key] === undefined);
}
