/**
 * A refused request, as an HTTP error body (docs/api-notes.md 3.1). Endpoint code returns these as
 * values; the server turns them into `{code, message, errors?, details?}` JSON responses.
 */
export interface FieldErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface Rejection {
  status: number;
  code: string;
  message: string;
  /** FastAPI-style validation list (422). */
  errors?: FieldErrorItem[];
  /** Per-language reports (422 SUBTITLE_PREFLIGHT_BLOCKED). */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: Rejection };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function reject(
  status: number,
  code: string,
  message: string,
  extra: {
    errors?: FieldErrorItem[];
    details?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): { ok: false; error: Rejection } {
  return { ok: false, error: { status, code, message, ...extra } };
}

/** 400 invalid_request: malformed combinations (both/neither of video and video_url, stream-only rules). */
export function invalidRequest(message: string): { ok: false; error: Rejection } {
  return reject(400, 'invalid_request', message);
}

/** 422 unprocessable_entity: well-formed data that cannot be processed (limits, media problems). */
export function unprocessable(
  message: string,
  errors?: FieldErrorItem[],
): { ok: false; error: Rejection } {
  return reject(422, 'unprocessable_entity', message, errors ? { errors } : {});
}

export function payloadTooLarge(maxUploadMb: number): { ok: false; error: Rejection } {
  return reject(413, 'payload_too_large', `Max ${maxUploadMb}MB`);
}

/** The JSON body of an error response. */
export function rejectionBody(rejection: Rejection): Record<string, unknown> {
  const body: Record<string, unknown> = { code: rejection.code, message: rejection.message };
  if (rejection.errors) body.errors = rejection.errors;
  if (rejection.details) body.details = rejection.details;
  return body;
}
