import type { ApiError } from '../../../../shared/api/errors';

/** Every ApiClient call answers with a value or a typed ApiError; nothing throws. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const apiOk = <T>(value: T): ApiResult<T> => ({ ok: true, value });
export const apiFail = (error: ApiError): ApiResult<never> => ({ ok: false, error });

export function canceledError(): ApiError {
  return { kind: 'canceled', code: 'canceled', message: 'Canceled.', retryable: false };
}

/** A response the client could not make sense of (not an HTTP error status). */
export function badResponseError(message: string, status?: number): ApiError {
  return { kind: 'internal', code: 'bad_response', message, status, retryable: false };
}
