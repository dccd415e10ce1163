import type { Job, JobStage } from '../jobs/job';
import type { CellPlan, DubBatchPlan, RowPlan } from './batch-plan';

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
  /** Started cells whose job has not ended: the queue is running while this is above 0. */
  running: number;
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
    running: started - finished,
    fraction: runnable === 0 ? 0 : finished / runnable,
    done: runnable > 0 && finished === runnable,
  };
}

/** The plan's preflight counts as the batch bar states them, cells left out on their own. */
export interface ReadinessCounts {
  ready: number;
  warn: number;
  blocked: number;
  /** Cells the user left out (Space) that could have run; a blocked one counts as blocked. */
  leftOut: number;
}

/**
 * Counts for "8 ready · 2 left out": a left-out cell still passes preflight, but counting it as
 * ready would say it runs when it will not.
 */
export function readinessCounts(plan: DubBatchPlan): ReadinessCounts {
  const counts: ReadinessCounts = { ready: 0, warn: 0, blocked: 0, leftOut: 0 };
  for (const row of plan.rows)
    for (const cell of row.cells) {
      if (cell.preflight === 'blocked') counts.blocked += 1;
      else if (cell.excluded) counts.leftOut += 1;
      else if (cell.preflight === 'warn') counts.warn += 1;
      else counts.ready += 1;
    }
  return counts;
}

/** Requests still to submit, in plan order (rows top to bottom): the queue's next work. */
export function pendingRequests(plan: DubBatchPlan, runs: Runs) {
  return plan.requests.filter((request) => runs[request.key] === undefined);
}

/**
 * What each sent request covers: its key -> the languages its job asked for (the job's
 * `languages` field), or null when the job is not in the ledger (then it covers every cell of its
 * kind, so nothing it may have charged is planned twice).
 */
export function runCoverage(
  runs: Runs,
  jobs: { get(id: string): Job | undefined },
): Map<string, ReadonlySet<string> | null> {
  const covered = new Map<string, ReadonlySet<string> | null>();
  for (const [key, id] of Object.entries(runs)) {
    const field = jobs.get(id)?.request.fields.languages;
    let languages: ReadonlySet<string> | null = null;
    try {
      const parsed: unknown = typeof field === 'string' ? JSON.parse(field) : null;
      if (Array.isArray(parsed)) languages = new Set(parsed.map(String));
    } catch {
      languages = null;
    }
    covered.set(key, languages);
  }
  return covered;
}

/**
 * Why a row cannot be removed, or null when it can: a row any of whose requests was sent has
 * results (or charges) tied to it, so it stays in the batch.
 */
export function rowRemovalRefusal(row: RowPlan, runs: Runs): string | null {
  const sent = row.cells.some((cell) => cell.requestKey !== null && runs[cell.requestKey]);
  return sent
    ? 'This video was already sent: its cells are running or finished, so it stays in the batch. Cancel its cells instead, or duplicate the batch without it.'
    : null;
}
