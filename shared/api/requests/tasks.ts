import { z } from 'zod';

/**
 * GET /v1/tasks/{task_id}. Real ids are UUIDs, but the app does not insist on the format (the
 * local engine may mint others); it refuses only blanks and characters no id carries (a pasted
 * URL, say). READ_PATHS.task percent-encodes the id as one path segment.
 */
export const taskIdSchema = z
  .string()
  .min(1, 'A task id is required.')
  .max(200, 'A task id is at most 200 characters.')
  .regex(/^[^\s/?#]+$/, 'A task id has no spaces, slashes, ? or #.');

export const taskLookupRequestSchema = z.strictObject({ task_id: taskIdSchema });
export type TaskLookupRequest = z.output<typeof taskLookupRequestSchema>;
