import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { apiFail, apiOk, type ApiResult } from './api-result';
import { UploadStoppedError, type ByteSink } from './byte-sink';
import { UploadSourceError } from './file-ring-reader';
import { transportError } from './http';
import type { MultipartBody } from './multipart';

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * The request as a ByteSink: writes go straight to the socket (no intermediate stream), a
 * buffer is released when the socket has taken it, and the request's end stops the writer.
 */
function requestSink(request: http.ClientRequest): ByteSink {
  const stopped = new Promise<never>((_, reject) => {
    const stop = () => reject(new UploadStoppedError('The upload stopped before it was sent.'));
    if (request.destroyed) stop();
    request.once('close', stop);
  });
  stopped.catch(() => undefined); // observed by whoever races it; never unhandled
  return {
    stopped,
    write: (bytes, release) => {
      if (request.destroyed) {
        release();
        return false;
      }
      return request.write(bytes, () => release());
    },
    drained: () =>
      Promise.race([new Promise<void>((resolve) => request.once('drain', resolve)), stopped]),
  };
}

/**
 * POSTs a streamed body with node:http(s). Node's fetch reads an async-iterable request body
 * far ahead of the socket (a 290 MB upload grew memory by ~320 MB in a measurement), while
 * writing into http.request honours the socket's backpressure. The answer is wrapped in a
 * WHATWG Response so callers read it like any fetch result.
 */
export function postStreaming(
  url: string,
  headers: Record<string, string>,
  body: MultipartBody,
  signal?: AbortSignal,
  onProgress?: (sent: number, total: number) => void,
): Promise<ApiResult<Response>> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: ApiResult<Response>) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    let request: http.ClientRequest;
    try {
      const transport = new URL(url).protocol === 'https:' ? https : http;
      request = transport.request(url, { method: 'POST', headers, signal });
    } catch (error) {
      settle(apiFail(transportError(error, url, signal)));
      return;
    }
    request.on('response', (incoming) => {
      const status = incoming.statusCode ?? 500;
      const webBody = NULL_BODY_STATUSES.has(status)
        ? null
        : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
      if (!webBody) incoming.resume();
      settle(
        apiOk(
          new Response(webBody, {
            status,
            statusText: incoming.statusMessage ?? '',
            headers: toHeaders(incoming.headers),
          }),
        ),
      );
    });
    request.on('error', (error) => settle(apiFail(transportError(error, url, signal))));
    // 'response' or 'error' come first in every known case; this only guards a silent close.
    request.on('close', () =>
      settle(apiFail(transportError(new Error('connection closed'), url, signal))),
    );
    // A server may answer (e.g. 413, 429) before the body is all sent; its answer wins, and the
    // broken upload that follows is not an error of its own.
    body.writeTo(requestSink(request), onProgress).then(
      () => request.end(),
      (error: unknown) => {
        request.destroy(error instanceof Error ? error : undefined);
        if (error instanceof UploadStoppedError) return; // 'error' or 'response' settles it
        if (error instanceof UploadSourceError) {
          settle(
            apiFail({
              kind: 'invalid_request',
              code: 'file_changed',
              message: error.message,
              retryable: false,
            }),
          );
        } else {
          settle(apiFail(transportError(error, url, signal)));
        }
      },
    );
  });
}
