import { INTERRUPTED_SUBMITTING, resumeStage, type Job } from '../../../../shared/domain/jobs/job';

/**
 * Where a job from the ledger stands after a restart (resumeStage): a task already submitted is
 * polled again; a job caught before its task id is re-sent with the same idempotency key when
 * its service honours keys (`resendsWithKey`, the local engine), and otherwise failed with
 * `interrupted_submitting` for the user to retry knowingly; a cut stream is failed.
 */
export function resumedJob(job: Job, now: number, resendsWithKey: boolean): Job {
  const next = resumeStage(job.stage, Boolean(job.taskId), resendsWithKey && !!job.idempotencyKey);
  if (next === job.stage) return job;
  if (next !== 'failed') return { ...job, stage: next, progress: undefined };
  return {
    ...job,
    stage: 'failed',
    finishedAt: now,
    progress: undefined,
    error: job.stage === 'streaming' ? streamCut() : interruptedSubmitting(),
  };
}

function streamCut(): NonNullable<Job['error']> {
  return {
    kind: 'interrupted',
    code: 'interrupted',
    message:
      'The app closed during the stream; a stream cannot be resumed. Retry starts a new one (and may be charged).',
    retryable: false,
  };
}

function interruptedSubmitting(): NonNullable<Job['error']> {
  return {
    kind: 'interrupted',
    code: INTERRUPTED_SUBMITTING,
    message:
      'Interrupted while submitting: it may have been charged. The app closed while sending this job, ' +
      'and this service cannot tell a repeat from a new job, so it was not sent again. Check the ' +
      'requests since then below; Retry sends it again and is charged again.',
    retryable: false,
  };
}
