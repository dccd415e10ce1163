import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ApiError } from '../../../../shared/api/errors';
import type { TaskStatus } from '../../../../shared/api/responses';
import type { JobFile } from '../../../../shared/domain/jobs/job';
import {
  failed,
  rateLimitWaitSeconds,
  toJobError,
  type JobContext,
  type JobError,
  type JobOutcome,
} from './job-context';
import { enterSubmitting } from './submitting';
import { collectResultFiles, extensionFor, type ResultFile } from './result-files';
import { pollDeadlineMs, pollDelayMs, sleep } from './timing';

const PROGRESS_EVERY_MS = 150;
const DOWNLOAD_ATTEMPTS = 3;

/** Runs an async job from wherever it stands: POST (when no task id yet), poll, download. */
export async function runAsyncJob(ctx: JobContext): Promise<JobOutcome> {
  let taskId = ctx.snapshot().taskId;
  if (!taskId) {
    const posted = await postRequest(ctx);
    if ('outcome' in posted) return posted.outcome;
    taskId = posted.taskId;
  }
  const finished = await pollUntilDone(ctx, taskId);
  if ('outcome' in finished) return finished.outcome;
  return downloadResults(ctx, taskId, finished.envelope);
}

function throttled(ctx: JobContext, total: number | undefined) {
  let last = 0;
  return (done: number) => {
    const now = ctx.now();
    if (now - last < PROGRESS_EVERY_MS && done !== total) return;
    last = now;
    ctx.patch({ progress: { done, total } }, false);
  };
}

async function postRequest(ctx: JobContext): Promise<{ taskId: string } | { outcome: JobOutcome }> {
  const ready = await enterSubmitting(ctx);
  if ('outcome' in ready) return ready;
  let sentAny = false;
  let report: ((done: number) => void) | undefined;
  const accepted = await ctx.client.submit(
    ctx.snapshot().request,
    (sent, total) => {
      sentAny = true;
      report ??= throttled(ctx, total);
      report(sent);
    },
    ctx.signal,
    ready.headers,
  );
  if (accepted.ok) {
    // The task id is on disk before anything else happens: a crash from here on polls it.
    const taskId = accepted.value.task_id;
    const error = await ctx.commit('submitted', { taskId, progress: undefined });
    if (error) ctx.patch({ error: ledgerWarning(error) }, false);
    return { taskId };
  }
  return { outcome: postFailure(ctx, accepted.error, sentAny) };
}

/** Shown while a job runs on a task id the ledger could not save. */
function ledgerWarning(error: Error): JobError {
  return {
    kind: 'internal',
    code: 'ledger_write_failed',
    message: `The job list could not be saved (${error.message}); if the app closes now this job is lost.`,
    retryable: false,
  };
}

/** What a refused or broken POST means for the job (docs/api-notes.md 3.6: accepted POSTs charge). */
export function postFailure(ctx: JobContext, error: ApiError, sentAny: boolean): JobOutcome {
  if (error.kind === 'canceled') return { kind: 'stopped' };
  if (error.code === 'stream_replay_unsupported') {
    return failed(
      'conflict',
      'stream_already_charged',
      'The engine received this stream before the app closed and charged it; a stream cannot be ' +
        'replayed. Retry starts a new stream and is charged again.',
      false,
    );
  }
  if (error.kind === 'rate_limited') {
    // A 429 means the POST was rejected before anything was created: posting again is safe.
    return {
      kind: 'rate_limited',
      error: toJobError(error),
      waitUntil: ctx.now() + rateLimitWaitSeconds(error) * 1000,
    };
  }
  if (error.kind === 'network' && sentAny) {
    return failed(
      'network',
      'upload_interrupted',
      'The connection broke during the upload, so it is unknown whether the service received the job. ' +
        'It was not sent again automatically; Retry submits it again and may be charged again.',
      false,
    );
  }
  return { kind: 'failed', error: toJobError(error) };
}

/** Errors of a task GET that say nothing about the task itself: keep polling through them. */
function isTransient(error: ApiError): boolean {
  return (
    error.kind === 'network' ||
    error.kind === 'upstream' ||
    error.kind === 'rate_limited' ||
    (error.kind === 'internal' && (error.status ?? 0) >= 500)
  );
}

async function pollUntilDone(
  ctx: JobContext,
  taskId: string,
): Promise<{ envelope: TaskStatus } | { outcome: JobOutcome }> {
  const job = ctx.snapshot();
  const since = job.startedAt ?? job.createdAt;
  const deadline = since + pollDeadlineMs(job.request.type, job.request.fields);
  let delay = 0; // the first GET goes out at once, also right after a restart
  for (;;) {
    await sleep(delay, ctx.signal);
    if (ctx.signal.aborted) return { outcome: { kind: 'stopped' } };
    const polled = await ctx.client.getTask(taskId, ctx.signal);
    const now = ctx.now();
    delay = pollDelayMs(now - since, ctx.pollBaseMs);
    if (!polled.ok) {
      if (polled.error.kind === 'canceled') return { outcome: { kind: 'stopped' } };
      if (!isTransient(polled.error))
        return { outcome: { kind: 'failed', error: toJobError(polled.error) } };
      ctx.patch({ lastPollAt: now, error: toJobError(polled.error) });
    } else {
      const task = polled.value;
      if (task.status === 'succeeded') {
        ctx.patch({ lastPollAt: now, error: undefined });
        return { envelope: task };
      }
      if (task.status === 'failed') {
        const error = task.error ?? { code: 'GENERATION_FAILED', message: 'The task failed.' };
        return {
          outcome: {
            kind: 'failed',
            error: {
              kind: 'task_failed',
              code: error.code,
              message: error.message || 'The task failed.',
              retryable: true,
            },
            refunded: task.refunded ?? false,
            result: task as Record<string, unknown>,
          },
        };
      }
      if (ctx.snapshot().stage === 'submitted')
        ctx.transition('processing', { lastPollAt: now, error: undefined });
      else ctx.patch({ lastPollAt: now, error: undefined });
    }
    if (now >= deadline) {
      const minutes = Math.round((now - since) / 60_000);
      return {
        outcome: failed(
          'timeout',
          'poll_timeout',
          `Stopped waiting after ${minutes} min. The task may still finish on the service (there is no cancel); ` +
            'Retry submits it again and may be charged again.',
          false,
        ),
      };
    }
  }
}

function uniqueName(taken: Set<string>, stem: string, ext: string): string {
  let name = `${stem}${ext}`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${stem}-${i}${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

async function downloadResults(
  ctx: JobContext,
  taskId: string,
  envelope: TaskStatus,
): Promise<JobOutcome> {
  const result = envelope as Record<string, unknown>;
  let files = collectResultFiles(result);
  const known = files.every((f) => f.expectedBytes !== undefined);
  const total = known ? files.reduce((sum, f) => sum + (f.expectedBytes ?? 0), 0) : undefined;
  const patch = { result, progress: { done: 0, total } };
  if (ctx.snapshot().stage === 'downloading') ctx.patch(patch);
  else ctx.transition('downloading', patch);

  const saved: JobFile[] = [];
  const taken = new Set<string>();
  let doneBefore = 0;
  const report = throttled(ctx, total);
  for (let index = 0; index < files.length; index++) {
    let file = files[index] as ResultFile;
    let outcome: JobFile | ApiError | null = null;
    for (let attempt = 1; attempt <= DOWNLOAD_ATTEMPTS; attempt++) {
      outcome = await downloadOne(ctx, file, taken, (done) => report(doneBefore + done));
      if (!('kind' in outcome) || outcome.kind === 'canceled') break;
      if (outcome.kind === 'forbidden' || outcome.kind === 'not_found') {
        // Presigned URLs expire; a fresh GET of the task re-issues them (docs/api-notes.md 5.7).
        const fresh = await ctx.client.getTask(taskId, ctx.signal);
        const match = fresh.ok
          ? collectResultFiles(fresh.value as Record<string, unknown>).find(
              (f) => f.role === file.role,
            )
          : undefined;
        if (!match) break;
        file = match;
        files = files.map((f, i) => (i === index ? match : f));
      } else if (!outcome.retryable) {
        break;
      }
      await sleep(ctx.retryBaseMs * attempt, ctx.signal);
    }
    if (!outcome || 'kind' in outcome) {
      const error = outcome ?? {
        kind: 'internal',
        code: 'download_failed',
        message: 'Download failed.',
        retryable: true,
      };
      if (error.kind === 'canceled') return { kind: 'stopped' };
      return {
        kind: 'failed',
        error: { ...toJobError(error), message: `Downloading ${file.role}: ${error.message}` },
        result,
      };
    }
    saved.push(outcome);
    doneBefore += outcome.bytes ?? 0;
  }
  return { kind: 'succeeded', files: saved, result };
}

async function downloadOne(
  ctx: JobContext,
  file: ResultFile,
  taken: Set<string>,
  onBytes: (done: number) => void,
): Promise<JobFile | ApiError> {
  const ext = extensionFor(file);
  const name = uniqueName(taken, file.baseName, ext);
  const dest = path.join(ctx.folder, name);
  const got = await ctx.client.download(
    file.url,
    dest,
    (done) => onBytes(done),
    ctx.signal,
    file.expectedBytes,
  );
  if (!got.ok) {
    taken.delete(name.toLowerCase());
    return got.error;
  }
  let finalPath = got.value.path;
  if (ext === '.bin') {
    // Neither the URL nor the envelope named a type; the response's content type may.
    const better = extensionFor(
      { url: '', contentType: undefined, outputType: undefined },
      got.value.contentType,
    );
    if (better !== '.bin') {
      const renamed = path.join(ctx.folder, uniqueName(taken, file.baseName, better));
      await fs.rename(finalPath, renamed).then(
        () => (finalPath = renamed),
        () => undefined,
      );
    }
  }
  return {
    path: finalPath,
    role: file.role,
    contentType: got.value.contentType ?? file.contentType,
    bytes: got.value.bytes,
  };
}
