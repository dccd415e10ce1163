import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBulkWriteStream } from '../../../../shared/node/storage/bulk-write-stream';
import { apiFail, apiOk, badResponseError, canceledError, type ApiResult } from './api-result';
import { errorFromResponse, send, transportError, type FetchImpl } from './http';
import { BodyTooLargeError, idleWatchdog, NETWORK_LIMITS } from './network-limits';

export interface DownloadedFile {
  path: string;
  bytes: number;
  contentType?: string;
}

export interface DownloadOptions {
  onProgress?: (done: number, total: number | undefined) => void;
  signal?: AbortSignal;
  /** file_size / output_bytes from the envelope; a mismatch fails the download. */
  expectedBytes?: number;
  /** Headers that identify the app; never credentials (presigned URLs carry their own). */
  headers?: Record<string, string>;
  /** Longest pause between two chunks before the download is given up (tests shorten it). */
  idleMs?: number;
}

/**
 * Downloads a result URL to `destPath`: streamed into a temp file beside it and renamed only
 * when complete, so a half-written file never carries the final name. Presigned URLs are
 * fetched without Authorization (docs/api-notes.md 1.2); redirects are followed.
 */
export async function downloadToFile(
  fetchImpl: FetchImpl,
  url: string,
  destPath: string,
  options: DownloadOptions = {},
): Promise<ApiResult<DownloadedFile>> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return apiFail(badResponseError(`The result URL is not valid: ${url.slice(0, 200)}`));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return apiFail(badResponseError(`The result URL must be http(s), got ${parsed.protocol}`));
  }
  const sent = await send(fetchImpl, url, {
    method: 'GET',
    headers: options.headers ?? {},
    signal: options.signal,
  });
  if (!sent.ok) return sent;
  const response = sent.value;
  if (!response.ok) return apiFail(await errorFromResponse(response));
  if (!response.body)
    return apiFail(badResponseError('The result download had no body.', response.status));

  // With a content-encoding, fetch decodes the body and Content-Length counts encoded bytes.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const lengthHeader = encoded ? NaN : Number(response.headers.get('content-length') ?? NaN);
  const total = options.expectedBytes ?? (Number.isFinite(lengthHeader) ? lengthHeader : undefined);
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() || undefined;

  await fs.mkdir(path.dirname(destPath), { recursive: true });
  const temp = `${destPath}.${randomBytes(4).toString('hex')}.part`;
  // The stated size plus a margin, never over the ceiling: the disk cannot be filled by a lie.
  const cap = Math.min(
    NETWORK_LIMITS.downloadCeilingBytes,
    total !== undefined ? total + NETWORK_LIMITS.downloadMarginBytes : Infinity,
  );
  const idle = idleWatchdog(options.idleMs ?? NETWORK_LIMITS.idleMs, options.signal);
  let done = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      idle.touch();
      if (done > cap) {
        callback(new BodyTooLargeError(cap));
        return;
      }
      options.onProgress?.(done, total);
      callback(null, chunk);
    },
  });
  try {
    const source = Readable.fromWeb(
      response.body as import('node:stream/web').ReadableStream<Uint8Array>,
    );
    await pipeline(source, counter, createBulkWriteStream(temp), { signal: idle.signal });
  } catch (error) {
    await fs.rm(temp, { force: true });
    if (options.signal?.aborted) return apiFail(canceledError());
    if (error instanceof BodyTooLargeError)
      return apiFail({
        kind: 'upstream',
        code: 'download_too_large',
        message: `The result ${path.basename(destPath)} is larger than the service said (over ${cap} bytes); the download was stopped and nothing was kept.`,
        retryable: true,
      });
    if (idle.timedOut())
      return apiFail({
        kind: 'network',
        code: 'download_stalled',
        message: `The download of ${path.basename(destPath)} stalled: nothing arrived for ${Math.round((options.idleMs ?? NETWORK_LIMITS.idleMs) / 1000)} s. It can be downloaded again.`,
        retryable: true,
      });
    return apiFail(transportError(error, url, options.signal));
  } finally {
    idle.stop();
  }

  const expected =
    options.expectedBytes && options.expectedBytes > 0 ? options.expectedBytes : undefined;
  const mismatch =
    (expected !== undefined && done !== expected) ||
    (Number.isFinite(lengthHeader) && done !== lengthHeader);
  if (mismatch) {
    await fs.rm(temp, { force: true });
    return apiFail({
      kind: 'network',
      code: 'size_mismatch',
      message: `The download of ${path.basename(destPath)} is incomplete: got ${done} bytes, expected ${expected ?? lengthHeader}.`,
      retryable: true,
    });
  }
  try {
    await fs.rename(temp, destPath);
  } catch (error) {
    await fs.rm(temp, { force: true });
    return apiFail({
      kind: 'internal',
      code: 'write_failed',
      message: (error as Error).message,
      retryable: false,
    });
  }
  return apiOk({ path: destPath, bytes: done, contentType });
}
