import { resumeStage, type Job } from '../../../../shared/domain/jobs/job';

/**
 * Where a job from the ledger stands after a restart (resumeStage): a task already submitted
 * is polled again; an upload or stream cut short by the restart is failed for the user to
 * retry knowingly, because the service may or may not have received it.
 */
export function resumedJob(job: Job, now: number): Job {
  const next = resumeStage(job.stage, Boolean(job.taskId));
  if (next === job.stage) return job;
  if (next !== 'failed') return { ...job, stage: next };
  return {
    ...job,
    stage: 'failed',
    finishedAt: now,
    progress: undefined,
    error: {
      kind: 'interrupted',
      code: 'interrupted',
      message:
        job.stage === 'streaming'
          ? 'The app closed during the stream; a stream cannot be resumed. Retry starts a new one (and may be charged).'
          : 'The app closed during the upload, so it is unknown whether the service received the job. Retry submits it again and may be charged again.',
      retryable: false,
    },
  };
}
