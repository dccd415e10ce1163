import { isTerminal, type Job, type JobStage } from '../../../../shared/domain/jobs/job';
import { TASK_LABELS, type TaskType } from '../../../../shared/api/task-types';
import type { BadgeTone } from '../../ui/Badge';
import { formatBytes, secondsUntil } from '../../lib/format';

export const STAGE_LABELS: Record<JobStage, string> = {
  queued: 'Queued',
  submitting: 'Submitting',
  uploading: 'Uploading',
  submitted: 'Submitted',
  processing: 'Processing',
  streaming: 'Streaming',
  downloading: 'Downloading',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const STAGE_TONES: Record<JobStage, BadgeTone> = {
  queued: 'neutral',
  submitting: 'info',
  uploading: 'info',
  submitted: 'info',
  processing: 'info',
  streaming: 'accent',
  downloading: 'info',
  succeeded: 'ok',
  failed: 'danger',
  canceled: 'warn',
};

export function taskLabel(type: string): string {
  return TASK_LABELS[type as TaskType] ?? type;
}

export interface JobProgress {
  /** 0..1 when measurable; undefined draws an indeterminate bar. */
  fraction?: number;
  text: string;
  /** Held by the Dub queue's pause: nothing is moving, so no bar at all. */
  paused?: boolean;
}

const BYTE_STAGES: Partial<Record<JobStage, string>> = {
  uploading: 'sent',
  streaming: 'received',
  downloading: 'downloaded',
};

/**
 * Whether a job is held by the Dub queue's pause (`held`: main's list): queued and never sent,
 * so it is neither running nor timed.
 */
export const isHeld = (job: Job, held: ReadonlySet<string>): boolean =>
  job.stage === 'queued' && held.has(job.id);

/** Whether a job is under way: not ended, and not held by a pause. */
export const isRunning = (job: Job, held: ReadonlySet<string>): boolean =>
  !isTerminal(job.stage) && !isHeld(job, held);

/** The bar and its words for a job that is not finished (undefined once it is). */
export function progressOf(
  job: Job,
  now: number,
  held: ReadonlySet<string> = new Set(),
): JobProgress | undefined {
  if (isTerminal(job.stage)) return undefined;
  if (isHeld(job, held))
    return { text: 'Paused: not sent yet. Resume the batch in Dub to send it.', paused: true };
  if (job.waitUntil && job.waitUntil > now) {
    return { text: `Waiting for the rate limit · retry in ${secondsUntil(job.waitUntil, now)} s` };
  }
  const verb = BYTE_STAGES[job.stage];
  if (verb && job.progress) {
    const { done, total } = job.progress;
    if (total && total > 0)
      return {
        fraction: done / total,
        text: `${formatBytes(done)} of ${formatBytes(total)} ${verb}`,
      };
    return { text: `${formatBytes(done)} ${verb}` };
  }
  switch (job.stage) {
    case 'queued':
      return { text: 'Waiting for a free slot' };
    case 'submitted':
      return { text: 'Accepted by the service' };
    case 'processing':
      return { text: 'Processing on the service' };
    default:
      return { text: STAGE_LABELS[job.stage] };
  }
}

/** Time since the job started, to its end when finished. */
export function elapsedMs(job: Job, now: number): number {
  const start = job.startedAt ?? job.createdAt;
  return Math.max(0, (job.finishedAt ?? (isTerminal(job.stage) ? job.updatedAt : now)) - start);
}

export const canCancel = (job: Job) => !isTerminal(job.stage);
export const canRetry = (job: Job) => job.stage === 'failed' || job.stage === 'canceled';

/** A POST may have reached the service once the job left the queue (it may then be charged). */
export function mayBeCharged(job: Job): boolean {
  return (
    job.taskId !== undefined ||
    job.stage === 'streaming' ||
    job.stage === 'submitted' ||
    job.stage === 'processing' ||
    job.stage === 'downloading'
  );
}

/** "2 running", "2 running · 3 paused", "3 paused" or "Idle". */
export function jobsSummary(running: number, paused: number): string {
  const parts = [
    ...(running > 0 ? [`${running} running`] : []),
    ...(paused > 0 ? [`${paused} paused`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : 'Idle';
}
