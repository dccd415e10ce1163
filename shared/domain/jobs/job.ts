import { z } from 'zod';
import { TASK_TYPES } from '../../api/task-types';

/**
 * One state machine for every long task (docs/decisions/003-job-ledger.md):
 * queued -> submitting -> uploading -> submitted -> processing -> downloading -> succeeded |
 * failed | canceled. Streams (text-to-music, video-to-music) go queued -> submitting ->
 * uploading -> streaming -> succeeded | failed | canceled. `submitting` is on disk, with the
 * job's idempotency key, before the POST starts: it is the mark of "may have reached the server".
 */
export const JOB_STAGES = [
  'queued',
  'submitting',
  'uploading',
  'submitted',
  'processing',
  'streaming',
  'downloading',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];
export const TERMINAL_STAGES: readonly JobStage[] = ['succeeded', 'failed', 'canceled'];

/** Form fields of a request; booleans and numbers are rendered as the wire wants by the client. */
export const jobFieldsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** A request to run: the endpoint, its form fields, and file parts as absolute local paths. */
export const jobRequestSchema = z.object({
  type: z.enum(TASK_TYPES),
  /** 'stream' only for text_to_music and video_to_music without mode=async. */
  delivery: z.enum(['async', 'stream']),
  fields: jobFieldsSchema,
  files: z.record(z.string(), z.string().min(1)).default({}),
  /** Shown in the Jobs list. */
  label: z.string().max(200),
});
export type JobRequest = z.infer<typeof jobRequestSchema>;

/**
 * The error code of a job the app closed on while sending it to a service that cannot tell a
 * repeat from a new request (no idempotency): it may have been charged, and was not re-sent.
 */
export const INTERRUPTED_SUBMITTING = 'interrupted_submitting';

export const jobErrorSchema = z.object({
  kind: z.string(),
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  retryAfter: z.number().optional(),
});

export const jobFileSchema = z.object({
  /** Absolute path in the project folder. */
  path: z.string(),
  /** Which result field it came from, e.g. audio[0], outputs.es, subtitles.fr. */
  role: z.string(),
  contentType: z.string().optional(),
  bytes: z.number().optional(),
});
export type JobFile = z.infer<typeof jobFileSchema>;

export const jobSchema = z.object({
  id: z.string(),
  request: jobRequestSchema,
  stage: z.enum(JOB_STAGES),
  createdAt: z.number(),
  updatedAt: z.number(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  taskId: z.string().optional(),
  /**
   * Sent as the POST's Idempotency-Key; one per attempt (a Retry gets a new one). Written with
   * `submitting` before the POST, so a re-send after a crash carries the same key.
   */
  idempotencyKey: z.string().min(1).max(200).optional(),
  /** Bytes moved in the current stage (uploading, streaming, downloading). */
  progress: z.object({ done: z.number(), total: z.number().optional() }).optional(),
  lastPollAt: z.number().optional(),
  /** When a rate-limited job may try again. */
  waitUntil: z.number().optional(),
  attempts: z.number().default(0),
  files: z.array(jobFileSchema).default([]),
  error: jobErrorSchema.optional(),
  refunded: z.boolean().optional(),
  /** The finished task's envelope, kept for result views (briefs, warnings, reports). */
  result: z.record(z.string(), z.unknown()).optional(),
  /** Stream title, when the service sent one. */
  title: z.string().optional(),
  /**
   * The project open in the window that started the job (its .soundstage path). Optional:
   * ledgers written before projects recorded their jobs read as they are, with no project.
   */
  project: z.string().max(4096).optional(),
});
export type Job = z.infer<typeof jobSchema>;

const NEXT: Record<JobStage, readonly JobStage[]> = {
  queued: ['submitting', 'failed', 'canceled'],
  // A 429 sends a POSTed job back to queued: the service refused it, so nothing was created.
  submitting: ['uploading', 'submitted', 'streaming', 'queued', 'failed', 'canceled'],
  uploading: ['submitted', 'streaming', 'queued', 'failed', 'canceled'],
  submitted: ['processing', 'downloading', 'failed', 'canceled'],
  processing: ['processing', 'downloading', 'failed', 'canceled'],
  streaming: ['streaming', 'succeeded', 'failed', 'canceled'],
  downloading: ['downloading', 'succeeded', 'failed', 'canceled'],
  succeeded: [],
  failed: ['queued'],
  canceled: ['queued'],
};

/** Whether a job may move from one stage to another (failed/canceled -> queued is a retry). */
export function canTransition(from: JobStage, to: JobStage): boolean {
  return NEXT[from].includes(to);
}

export function isTerminal(stage: JobStage): boolean {
  return TERMINAL_STAGES.includes(stage);
}

/**
 * Where a job stands after a restart. A job whose POST may have reached the server is never
 * posted again as a new request: with a task id it is polled; caught in `submitting` or
 * `uploading` it is re-sent only when `canResendWithKey` (the same idempotency key, to a
 * service that honours it: the server answers the first 202 again), else failed for the user
 * to retry knowingly (a retry may charge again).
 */
export function resumeStage(
  stage: JobStage,
  hasTaskId: boolean,
  canResendWithKey = false,
): JobStage {
  if (isTerminal(stage) || stage === 'queued') return stage;
  // A cut stream has no task to poll (docs/api-notes.md 4.3), whatever ids the job carries.
  if (stage === 'streaming') return 'failed';
  if (hasTaskId) return stage === 'downloading' ? 'downloading' : 'processing';
  if ((stage === 'submitting' || stage === 'uploading') && canResendWithKey) return 'submitting';
  return 'failed';
}
