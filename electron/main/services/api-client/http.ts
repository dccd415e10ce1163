import { classifyHttpError, networkError, type ApiError } from '../../../../shared/api/errors';
import { apiFail, apiOk, badResponseError, canceledError, type ApiResult } from './api-result';
import {
  BodyTooLargeError,
  IdleTimeoutError,
  idleWatchdog,
  NETWORK_LIMITS,
  readTextCapped,
} from './network-limits';

export type FetchImpl = typeof fetch;

/** Maps an exception thrown by fetch (or by a body read) to an ApiError without leaking secrets. */
export function transportError(error: unknown, url: string, signal?: AbortSignal): ApiError {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError'))
    return canceledError();
  const host = safeHost(url);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code =
    (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException)?.code;
  const detail = code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return networkError(`Could not reach ${host}: ${detail}`);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}

export interface SendOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: AsyncIterable<Uint8Array>;
  signal?: AbortSignal;
  /** How long to wait with neither upload progress nor response headers. */
  connectMs?: number;
}

/** Passes a body through, telling the watchdog each time a chunk is taken (upload progress). */
async function* touching(
  body: AsyncIterable<Uint8Array>,
  touch: () => void,
): AsyncIterable<Uint8Array> {
  for await (const chunk of body) {
    touch();
    yield chunk;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** Request headers that carry credentials; they never cross to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!CREDENTIAL_HEADERS.includes(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/**
 * One HTTP exchange; answers the Response (any status) or a network/canceled error. Redirects
 * are followed here, not by fetch, so that credentials stay with the origin they were meant
 * for: the first hop to another origin drops them, and they are never added back.
 */
export async function send(
  fetchImpl: FetchImpl,
  url: string,
  options: SendOptions,
): Promise<ApiResult<Response>> {
  let current = url;
  let method = options.method;
  let headers = options.headers;
  let body = options.body;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch (error) {
    return apiFail(transportError(error, url, options.signal));
  }
  const connectMs = options.connectMs ?? NETWORK_LIMITS.connectMs;
  for (let hop = 0; ; hop++) {
    // A service that accepts the connection and then says nothing must not hang the job.
    const watch = idleWatchdog(connectMs, options.signal);
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers,
      signal: watch.signal,
      redirect: 'manual',
    };
    if (body) {
      // Node's fetch takes an async iterable body when told the request is half-duplex.
      init.body = touching(body, watch.touch) as unknown as BodyInit;
      init.duplex = 'half';
    }
    let response: Response;
    try {
      response = await fetchImpl(current, init);
    } catch (error) {
      watch.stop();
      if (watch.timedOut())
        return apiFail(
          networkError(
            `${safeHost(current)} did not answer within ${Math.round(connectMs / 1000)} s. Try again later.`,
          ),
        );
      return apiFail(transportError(error, current, options.signal));
    }
    watch.stop();
    const location = response.headers.get('location');
    // A streamed body cannot be sent twice: a redirected upload answers the redirect itself.
    if (!REDIRECT_STATUSES.has(response.status) || !location || (body && response.status !== 303))
      return apiOk(response);
    if (hop >= MAX_REDIRECTS) {
      await response.body?.cancel().catch(() => undefined);
      return apiFail(networkError(`Too many redirects from ${safeHost(url)}.`));
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return apiOk(response);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') return apiOk(response);
    await response.body?.cancel().catch(() => undefined);
    if (next.origin !== origin) headers = withoutCredentials(headers);
    // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body.
    if (response.status === 303 || (method === 'POST' && response.status < 303)) {
      method = 'GET';
      body = undefined;
    }
    current = next.toString();
  }
}

/** Reads an error response's JSON (or text) body and classifies it (docs/api-notes.md section 3). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = {};
  try {
    const text = await readTextCapped(response, NETWORK_LIMITS.errorBodyBytes);
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text ? { message: text.slice(0, 500) } : {};
    }
  } catch {
    body = {};
  }
  return classifyHttpError(response.status, body, response.headers.get('retry-after'));
}

/** Reads a JSON success body and validates it; non-2xx statuses become typed errors. */
export async function readJson<T>(
  response: Response,
  parse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { message: string } },
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  if (!response.ok) return apiFail(await errorFromResponse(response));
  let value: unknown;
  try {
    value = JSON.parse(await readTextCapped(response, NETWORK_LIMITS.jsonBodyBytes)) as unknown;
  } catch (error) {
    if (signal?.aborted) return apiFail(canceledError());
    if (error instanceof BodyTooLargeError)
      return apiFail(
        badResponseError(
          `The service's answer is larger than ${error.limit} bytes; it was not read.`,
          response.status,
        ),
      );
    if (error instanceof IdleTimeoutError) return apiFail(networkError(error.message));
    return apiFail(
      badResponseError(
        `The service answered ${response.status} with a body that is not JSON.`,
        response.status,
      ),
    );
  }
  const parsed = parse(value);
  if (!parsed.success) {
    return apiFail(
      badResponseError(
        `Unexpected response shape: ${parsed.error.message.slice(0, 300)}`,
        response.status,
      ),
    );
  }
  return apiOk(parsed.data);
}
