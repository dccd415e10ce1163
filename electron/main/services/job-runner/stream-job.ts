import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { JobFile } from '../../../../shared/domain/jobs/job';
import { postFailure } from './async-job';
import { fileStem, toJobError, type JobContext, type JobOutcome } from './job-context';
import { enterSubmitting } from './submitting';
import { sleep } from './timing';

/** A 502 before any audio arrived is a transient upstream failure (docs/product-notes.md 1.4): retry a little. */
const MAX_502_RETRIES = 2;
const PROGRESS_EVERY_MS = 150;

/** One take being written: a `.part` file per stream index, renamed when the stream completes. */
class TakeWriter {
  private readonly handles = new Map<
    number,
    { handle: fs.FileHandle; path: string; bytes: number }
  >();

  constructor(private readonly folder: string) {}

  async append(streamIndex: number, bytes: Uint8Array): Promise<void> {
    let entry = this.handles.get(streamIndex);
    if (!entry) {
      await fs.mkdir(this.folder, { recursive: true });
      const partPath = path.join(this.folder, `.stream-${streamIndex}.m4a.part`);
      entry = { handle: await fs.open(partPath, 'w'), path: partPath, bytes: 0 };
      this.handles.set(streamIndex, entry);
    }
    await entry.handle.write(bytes);
    entry.bytes += bytes.length;
  }

  get bytes(): number {
    let total = 0;
    for (const entry of this.handles.values()) total += entry.bytes;
    return total;
  }

  /** Closes and renames every stream to `<stem>.m4a` (`<stem>-2.m4a`, … for extra streams). */
  async finish(stem: string): Promise<JobFile[]> {
    const files: JobFile[] = [];
    for (const [index, entry] of [...this.handles.entries()].sort((a, b) => a[0] - b[0])) {
      await entry.handle.sync();
      await entry.handle.close();
      const name = index === 0 ? `${stem}.m4a` : `${stem}-${index + 1}.m4a`;
      const finalPath = await freePath(path.join(this.folder, name));
      await fs.rename(entry.path, finalPath);
      files.push({
        path: finalPath,
        role: `stream[${index}]`,
        contentType: 'audio/mp4',
        bytes: entry.bytes,
      });
    }
    this.handles.clear();
    return files;
  }

  async discard(): Promise<void> {
    for (const entry of this.handles.values()) {
      await entry.handle.close().catch(() => undefined);
      await fs.rm(entry.path, { force: true });
    }
    this.handles.clear();
  }
}

async function freePath(candidate: string): Promise<string> {
  const ext = path.extname(candidate);
  const stem = candidate.slice(0, -ext.length);
  for (let i = 2; ; i++) {
    const exists = await fs.stat(candidate).then(
      () => true,
      () => false,
    );
    if (!exists) return candidate;
    candidate = `${stem}-${i}${ext}`;
  }
}

/**
 * A stream-mode music job: queued -> submitting (on disk with its key) -> uploading (the POST, with a video for video-to-music)
 * -> streaming (audio chunks appended to a file and forwarded for live preview) -> succeeded
 * with the .m4a take. A stream cannot be resumed: there is no task to come back to.
 */
export async function runStreamJob(ctx: JobContext): Promise<JobOutcome> {
  const ready = await enterSubmitting(ctx);
  if ('outcome' in ready) return ready.outcome;
  for (let retry = 0; ; retry++) {
    const writer = new TakeWriter(ctx.folder);
    let seq = 0;
    let sentAny = false;
    let title: string | undefined;
    let lastReport = 0;
    const streamed = await ctx.client.stream(ctx.snapshot().request, {
      signal: ctx.signal,
      headers: ready.headers,
      onUploadProgress: (sent, total) => {
        sentAny = true;
        if (ctx.now() - lastReport >= PROGRESS_EVERY_MS || sent === total) {
          lastReport = ctx.now();
          ctx.patch({ progress: { done: sent, total } }, false);
        }
      },
      onResponse: () => ctx.transition('streaming', { progress: { done: 0 } }),
      onEvent: (event) => {
        if (event.type === 'title' && event.title) {
          title = event.title;
          ctx.patch({ title });
        }
      },
      onBytes: async (bytes, streamIndex) => {
        await writer.append(streamIndex, bytes);
        if (streamIndex === 0) ctx.streamChunk(seq++, bytes);
        if (ctx.now() - lastReport >= PROGRESS_EVERY_MS) {
          lastReport = ctx.now();
          ctx.patch({ progress: { done: writer.bytes } }, false);
        }
      },
    });
    if (streamed.ok) {
      try {
        const files = await writer.finish(fileStem(title, 'take'));
        return { kind: 'succeeded', files, title };
      } catch (error) {
        await writer.discard();
        return {
          kind: 'failed',
          error: {
            kind: 'internal',
            code: 'write_failed',
            message: (error as Error).message,
            retryable: false,
          },
        };
      }
    }
    const hadAudio = writer.bytes > 0 || seq > 0;
    await writer.discard();
    const error = streamed.error;
    if (ctx.snapshot().stage === 'streaming') {
      // The service accepted the request and was generating: never post it again by itself.
      if (error.kind === 'canceled') return { kind: 'stopped' };
      return {
        kind: 'failed',
        error: { ...toJobError(error), message: `The stream broke off: ${error.message}` },
      };
    }
    if (!(error.status === 502 && !hadAudio && retry < MAX_502_RETRIES))
      return postFailure(ctx, error, sentAny);
    await sleep(ctx.retryBaseMs * 2 ** retry, ctx.signal);
    if (ctx.signal.aborted) return { kind: 'stopped' };
  }
}
