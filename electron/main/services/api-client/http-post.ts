import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { apiFail, apiOk, type ApiResult } from './api-result';
import { transportError } from './http';
import { UploadSourceError } from './multipart';

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
 * POSTs a streamed body with node:http(s). Node's fetch reads an async-iterable request body
 * far ahead of the socket (a 290 MB upload grew memory by ~320 MB in a measurement), while
 * piping into http.request honours the socket's backpressure (~35 MB). The answer is wrapped
 * in a WHATWG Response so callers read it like any fetch result.
 */
export function postStreaming(
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
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
    // A server may answer (e.g. 413, 429) before the body is all sent; its answer wins, and the
    // broken upload that follows is not an error of its own.
    // A few MB of read-ahead lets disk reads overlap socket writes; memory stays bounded by it.
    pipeline(
      Readable.from(body, { objectMode: false, highWaterMark: 4 * 1024 * 1024 }),
      request,
    ).catch((error: unknown) => {
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
    });
  });
}
