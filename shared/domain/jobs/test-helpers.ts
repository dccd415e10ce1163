import type { Job, JobRequest } from './job';
import { taskJobSchema, toJobRequest } from './task-job';

/**
 * The form main builds for a submitted job: checked by the `jobs:submit` schema as the call
 * arrives, then rendered once. Tests of the renderer's submitters read what the wire gets.
 */
export function wireFormOf(job: unknown): JobRequest {
  return toJobRequest(taskJobSchema.parse(job));
}

/** A job of `request` that has succeeded, for tests of what the app shows of a result. */
export function succeededJob(request: JobRequest, patch: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    request,
    stage: 'succeeded',
    createdAt: 1,
    updatedAt: 2,
    attempts: 1,
    files: [],
    ...patch,
  };
}
