import { classifyHttpError, networkError, type ApiError } from '../../../../shared/api/errors';
import { apiFail, apiOk, badResponseError, canceledError, type ApiResult } from './api-result';

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
}

/** One HTTP exchange; answers the Response (any status) or a network/canceled error. */
export async function send(
  fetchImpl: FetchImpl,
  url: string,
  options: SendOptions,
): Promise<ApiResult<Response>> {
  const init: RequestInit & { duplex?: 'half' } = {
    method: options.method,
    headers: options.headers,
    signal: options.signal,
    redirect: 'follow',
  };
  if (options.body) {
    // Node's fetch takes an async iterable body when told the request is half-duplex.
    init.body = options.body as unknown as BodyInit;
    init.duplex = 'half';
  }
  try {
    return apiOk(await fetchImpl(url, init));
  } catch (error) {
    return apiFail(transportError(error, url, options.signal));
  }
}

/** Reads an error response's JSON (or text) body and classifies it (docs/api-notes.md section 3). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = {};
  try {
    const text = await response.text();
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
    value = JSON.parse(await response.text()) as unknown;
  } catch {
    if (signal?.aborted) return apiFail(canceledError());
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
