import type { Job } from '../../../../shared/domain/jobs/job';
import type { Result } from '../../../../shared/ipc/result';
import { redact } from './redact';

/**
 * The last stop before the renderer: a service may echo a key or a bearer token in an error
 * text (a proxy repeating the request, a misconfigured server), and the renderer must never
 * hold one. Every failed answer and every job error is passed through `redact` here, with the
 * keys main actually holds (`secrets`), so a key is masked by its value whatever its shape.
 */
export function redactedResult<T>(result: Result<T>, secrets: readonly string[] = []): Result<T> {
  if (result.ok) return result;
  const message = redact(result.error.message, secrets);
  return message === result.error.message
    ? result
    : { ...result, error: { ...result.error, message } };
}

export function redactedJob(job: Job, secrets: readonly string[] = []): Job {
  if (!job.error) return job;
  const message = redact(job.error.message, secrets);
  return message === job.error.message ? job : { ...job, error: { ...job.error, message } };
}
