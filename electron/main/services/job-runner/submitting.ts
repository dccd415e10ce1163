import { randomUUID } from 'node:crypto';
import type { ExtraHeaders } from '../api-client/api-client';
import { failed, type JobContext, type JobOutcome } from './job-context';

/**
 * The step before every POST (async and stream): the job enters `submitting` with its
 * idempotency key, and the ledger holding that is on disk before a byte is sent. A job resumed
 * in `submitting` already has both on disk and keeps its key, so the server can recognise the
 * re-send (docs/api-notes.md "Idempotency-Key"). A 429'd job back in `queued` keeps its key too:
 * the refused POST left nothing on the server.
 */
export async function enterSubmitting(
  ctx: JobContext,
): Promise<{ headers: ExtraHeaders } | { outcome: JobOutcome }> {
  const job = ctx.snapshot();
  const key = job.idempotencyKey ?? randomUUID();
  if (ctx.signal.aborted) return { outcome: { kind: 'stopped' } };
  if (job.stage !== 'submitting') {
    const error = await ctx.commit('submitting', {
      idempotencyKey: key,
      startedAt: ctx.now(),
      waitUntil: undefined,
      error: undefined,
    });
    if (ctx.signal.aborted) return { outcome: { kind: 'stopped' } };
    if (error) {
      return {
        outcome: failed(
          'internal',
          'ledger_write_failed',
          `The job was not sent: the job list could not be saved (${error.message}). ` +
            'Free some disk space or make the data folder writable, then Retry.',
          true,
        ),
      };
    }
  }
  ctx.transition('uploading', { progress: { done: 0 } });
  return { headers: { 'Idempotency-Key': key } };
}
