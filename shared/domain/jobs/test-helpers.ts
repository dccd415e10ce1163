import type { JobRequest } from './job';
import { taskJobSchema, toJobRequest } from './task-job';

/**
 * The form main builds for a submitted job: checked by the `jobs:submit` schema as the call
 * arrives, then rendered once. Tests of the renderer's submitters read what the wire gets.
 */
export function wireFormOf(job: unknown): JobRequest {
  return toJobRequest(taskJobSchema.parse(job));
}
