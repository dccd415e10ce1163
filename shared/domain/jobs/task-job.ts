import { z } from 'zod';
import {
  requestDelivery,
  TASK_REQUEST_SCHEMAS,
  toFormFields,
  type TaskRequest,
  type TaskRequestInput,
} from '../../api/requests/registry';
import type { TaskType } from '../../api/task-types';
import type { JobRequest } from './job';

const labelSchema = z.string().max(200);

function taskJobOf<T extends TaskType>(type: T) {
  return z.strictObject({
    type: z.literal(type),
    request: TASK_REQUEST_SCHEMAS[type],
    /** Shown in the Jobs list. */
    label: labelSchema,
  });
}

/**
 * What the app submits: a task's request in the shape of its own schema (shared/api/requests).
 * The IPC call is validated with that very schema, and main renders the HTTP form from it once
 * (`toJobRequest`); nothing turns a form back into a request to check it
 * (docs/decisions/109-typed-job-submission.md).
 */
export const taskJobSchema = z.discriminatedUnion('type', [
  taskJobOf('text_to_music'),
  taskJobOf('video_to_music'),
  taskJobOf('text_to_sfx'),
  taskJobOf('video_to_sfx'),
  taskJobOf('video_to_video_music'),
  taskJobOf('video_to_video_sfx'),
  taskJobOf('video_to_sound'),
  taskJobOf('video_to_video_sound'),
  taskJobOf('audio_ducking'),
  taskJobOf('dubbing'),
  taskJobOf('video_analysis'),
  taskJobOf('proofread'),
]);
/** A validated job: every default of its request filled in. */
export type TaskJob = z.output<typeof taskJobSchema>;

/** What the renderer sends: a task's request as its schema takes it (defaults may be left out). */
export type TaskJobInput<T extends TaskType = TaskType> = Extract<
  z.input<typeof taskJobSchema>,
  { type: T }
>;

/** A job to submit (a checked request, or one still to be checked), its label cut to fit. */
export function taskJob<T extends TaskType>(
  type: T,
  request: TaskRequestInput<T> | TaskRequest<T>,
  label: string,
): TaskJobInput<T> {
  return { type, request, label: label.slice(0, 200) } as TaskJobInput<T>;
}

/** The job as the ledger keeps and the client sends it: its form fields and file parts. */
export function toJobRequest(job: TaskJob): JobRequest {
  const request = job.request as TaskRequest<TaskType>;
  const parts = toFormFields(job.type, request);
  return {
    type: job.type,
    delivery: requestDelivery(job.type, request),
    fields: parts.fields,
    files: parts.files,
    label: job.label,
  };
}
