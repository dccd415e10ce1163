import path from 'node:path';
import type { ApiError } from '../../../../shared/api/errors';
import type { Job, JobFile, JobStage } from '../../../../shared/domain/jobs/job';
import type { ApiClient } from '../api-client/api-client';

export type JobError = NonNullable<Job['error']>;

/** What running a job came to; the runner turns it into the final transition. */
export type JobOutcome =
  | { kind: 'succeeded'; files: JobFile[]; result?: Record<string, unknown>; title?: string }
  | { kind: 'failed'; error: JobError; refunded?: boolean; result?: Record<string, unknown> }
  /** The POST was refused with 429: nothing was created; wait, then post again. */
  | { kind: 'rate_limited'; error: JobError; waitUntil: number }
  /** Aborted by cancel, remove or dispose; the runner knows which. */
  | { kind: 'stopped' };

/** What a job execution may see and do; the runner owns the state and the ledger. */
export interface JobContext {
  readonly client: ApiClient;
  readonly signal: AbortSignal;
  /** `<projectFolder>/<job folder>`, created on first write. */
  readonly folder: string;
  readonly pollBaseMs: number;
  readonly retryBaseMs: number;
  now(): number;
  snapshot(): Job;
  /** Moves to a stage allowed by the state machine, merging `patch`; its ledger write is queued. */
  transition(stage: JobStage, patch?: Partial<Job>): void;
  /**
   * Like transition, but resolves only once the ledger holding the new stage is on disk (null)
   * or could not be written (the error); for the writes that must precede the next step.
   */
  commit(stage: JobStage, patch?: Partial<Job>): Promise<Error | null>;
  /** Changes fields without a stage change; byte progress is not persisted (persist=false). */
  patch(patch: Partial<Job>, persist?: boolean): void;
  /** Streamed audio for the renderer's live preview, in order. */
  streamChunk(seq: number, bytes: Uint8Array): void;
}

export function toJobError(error: ApiError): JobError {
  const jobError: JobError = {
    kind: error.kind,
    code: error.code,
    message: error.message,
    retryable: error.retryable,
  };
  if (error.retryAfter !== undefined) jobError.retryAfter = error.retryAfter;
  return jobError;
}

export function failed(kind: string, code: string, message: string, retryable = false): JobOutcome {
  return { kind: 'failed', error: { kind, code, message, retryable } };
}

/** Seconds to wait after a 429 with no Retry-After: a full rpm window, or a short concurrency wait. */
export function rateLimitWaitSeconds(error: ApiError): number {
  if (error.retryAfter !== undefined) return Math.max(1, error.retryAfter);
  return error.rateLimit === 'concurrency' ? 15 : 60;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .toLowerCase()
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** The folder a job writes into: readable, unique by id, stable across restarts. */
export function jobFolderName(job: Pick<Job, 'id' | 'request'>): string {
  const name = slug(job.request.label) || job.request.type.replace(/_/g, '-');
  return `${name}-${job.id.slice(0, 8)}`;
}

export function jobFolder(projectFolder: string, job: Pick<Job, 'id' | 'request'>): string {
  return path.join(projectFolder, jobFolderName(job));
}

/** A file name safe on every platform, made from a stream title. */
export function fileStem(text: string | undefined, fallback: string): string {
  return slug(text ?? '') || fallback;
}
