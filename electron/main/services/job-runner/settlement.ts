import type { Job } from '../../../../shared/domain/jobs/job';
import type { JobOutcome } from './job-context';

/** How many 429s in a row a job waits out before it is failed for the user to decide. */
export const MAX_RATE_LIMIT_RETRIES = 20;

/** The final fields of a job whose run ended with `outcome` (not stopped). */
export function settledPatch(
  job: Job,
  outcome: Exclude<JobOutcome, { kind: 'stopped' }>,
  now: number,
  rateLimitCount: number,
): Partial<Job> {
  switch (outcome.kind) {
    case 'succeeded':
      return {
        stage: 'succeeded',
        files: outcome.files,
        result: outcome.result ?? job.result,
        title: outcome.title ?? job.title,
        progress: undefined,
        error: undefined,
        finishedAt: now,
      };
    case 'failed':
      return {
        stage: 'failed',
        error: outcome.error,
        refunded: outcome.refunded,
        result: outcome.result ?? job.result,
        progress: undefined,
        finishedAt: now,
      };
    case 'rate_limited':
      // The POST was refused, nothing was created: back to the queue until Retry-After.
      if (rateLimitCount > MAX_RATE_LIMIT_RETRIES) {
        return {
          stage: 'failed',
          error: { ...outcome.error, retryable: true },
          progress: undefined,
          finishedAt: now,
        };
      }
      return {
        stage: 'queued',
        waitUntil: outcome.waitUntil,
        error: outcome.error,
        progress: undefined,
      };
  }
}

/** A canceled job; once submitted, the user is told the task may still run and be charged. */
export function canceledPatch(job: Job, now: number): Partial<Job> {
  return {
    stage: 'canceled',
    progress: undefined,
    waitUntil: undefined,
    finishedAt: now,
    error: job.taskId
      ? {
          kind: 'canceled',
          code: 'canceled_after_submit',
          message:
            'Stopped waiting. The service has no cancel, so the task may still run and stay charged.',
          retryable: false,
        }
      : undefined,
  };
}
