import type { Job } from '../../../shared/domain/jobs/job';

/** Newest first, so the Jobs list and the takes read the same order. */
export function sortJobs(jobs: readonly Job[]): Job[] {
  return [...jobs].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/**
 * Merges one pushed job into the cached list. Updates that arrive out of order (an older
 * `updatedAt` than what is cached) are ignored so a late push never rolls a job back.
 */
export function upsertJob(list: readonly Job[] | undefined, job: Job): Job[] {
  const jobs = list ?? [];
  const index = jobs.findIndex((j) => j.id === job.id);
  if (index === -1) return sortJobs([...jobs, job]);
  const existing = jobs[index]!;
  if (existing.updatedAt > job.updatedAt) return [...jobs];
  const next = [...jobs];
  next[index] = job;
  return next;
}

export function removeJob(list: readonly Job[] | undefined, id: string): Job[] {
  return (list ?? []).filter((job) => job.id !== id);
}
