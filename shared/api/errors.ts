/**
 * The typed error taxonomy (docs/structure.md "Contracts"). HTTP errors from the service, the
 * local engine and the network all become one of these kinds; code branches on `kind`, never
 * on message text.
 */
export type ApiErrorKind =
  | 'invalid_request'
  | 'unauthorized'
  | 'trial_exhausted'
  | 'insufficient_balance'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'too_large'
  | 'unprocessable'
  | 'preflight_blocked'
  | 'rate_limited'
  | 'upstream'
  | 'unavailable'
  | 'network'
  | 'canceled'
  | 'internal';

export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

export interface ApiError {
  kind: ApiErrorKind;
  /** The service's own `code`, when it sent one. */
  code: string;
  message: string;
  status?: number;
  /** Only for rate_limited: which limit was hit. */
  rateLimit?: 'rpm' | 'concurrency';
  /** Seconds to wait, from Retry-After (numbers or HTTP dates), when present. */
  retryAfter?: number;
  fieldErrors?: FieldError[];
  /** preflight_blocked: per-language reports. */
  details?: Record<string, unknown>;
  /** True when the same request may succeed if sent again (never for POSTs that charge, except 502/429). */
  retryable: boolean;
}

const KIND_BY_402_CODE: Record<string, ApiErrorKind> = {
  trial_exhausted: 'trial_exhausted',
  insufficient_balance: 'insufficient_balance',
  insufficient_credit: 'insufficient_balance',
};

/** Parses a Retry-After header value: integer seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function readMessage(body: Record<string, unknown>, status: number): string {
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.detail === 'string') return body.detail;
  if (Array.isArray(body.detail)) {
    return body.detail
      .map((d) =>
        typeof d === 'object' && d && 'msg' in d ? String((d as { msg: unknown }).msg) : String(d),
      )
      .join('; ');
  }
  return `HTTP ${status}`;
}

/** Turns an HTTP error response into an ApiError (docs/api-notes.md section 3). */
export function classifyHttpError(
  status: number,
  body: unknown,
  retryAfterHeader?: string | null,
): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : '';
  const message = readMessage(record, status);
  const base = { code: code || `http_${status}`, message, status };
  switch (status) {
    case 400:
      return { ...base, kind: 'invalid_request', retryable: false };
    case 401:
      return { ...base, kind: 'unauthorized', retryable: false };
    case 402: {
      // Branch on code (docs/api-notes.md 3.3). The spec's own rule (code payment_required, or none,
      // with "Insufficient balance" in the message) is the fallback for bodies without those codes.
      const specLowBalance =
        (code === '' || code === 'payment_required') && /insufficient balance/i.test(message);
      const kind =
        KIND_BY_402_CODE[code] ?? (specLowBalance ? 'insufficient_balance' : 'payment_required');
      return { ...base, kind, retryable: false };
    }
    case 403:
      return { ...base, kind: 'forbidden', retryable: false };
    case 404:
      return { ...base, kind: 'not_found', retryable: false };
    case 413:
      return { ...base, kind: 'too_large', retryable: false };
    case 422: {
      if (code === 'SUBTITLE_PREFLIGHT_BLOCKED') {
        const details =
          typeof record.details === 'object' && record.details !== null
            ? (record.details as Record<string, unknown>)
            : {};
        return { ...base, kind: 'preflight_blocked', details, retryable: false };
      }
      const fieldErrors = Array.isArray(record.errors)
        ? (record.errors as FieldError[])
        : Array.isArray(record.detail)
          ? (record.detail as FieldError[])
          : undefined;
      return { ...base, kind: 'unprocessable', fieldErrors, retryable: false };
    }
    case 429: {
      const rateLimit = /concurrent/i.test(message) ? 'concurrency' : 'rpm';
      return {
        ...base,
        kind: 'rate_limited',
        rateLimit,
        retryAfter: parseRetryAfter(retryAfterHeader),
        retryable: true,
      };
    }
    case 502:
    case 504:
      return { ...base, kind: 'upstream', retryable: true };
    case 503:
      // Kill switch: retrying does not help (docs/api-notes.md 3.2).
      return { ...base, kind: 'unavailable', retryable: false };
    default:
      return { ...base, kind: 'internal', retryable: status >= 500 };
  }
}

export function networkError(message: string): ApiError {
  return { kind: 'network', code: 'network', message, retryable: true };
}

/** What the user should do next, for each kind: shown beside the message. */
export const ERROR_ADVICE: Record<ApiErrorKind, string> = {
  invalid_request: 'Check the highlighted fields and try again.',
  unauthorized: 'Key rejected. Enter a valid API key in Settings.',
  trial_exhausted: 'The free trial for this service is used up. Add a payment method to continue.',
  insufficient_balance: 'Your balance is too low for this job. Top up, then try again.',
  payment_required: 'The account cannot be charged. Check its billing status.',
  forbidden: 'This account has no access to that service.',
  not_found: 'The task or file was not found. It may have expired.',
  too_large: 'The file is larger than the account allows. Use a smaller file.',
  unprocessable: 'The service could not use this input. Fix it and try again.',
  preflight_blocked: 'A subtitle script was rejected. Fix the listed issues and try again.',
  rate_limited: 'The account is at its limit. The job waits and retries by itself.',
  upstream: 'The service had a temporary failure. Try again.',
  unavailable: 'The service is temporarily switched off. Try later.',
  network: 'The service could not be reached. Check the base URL and your connection.',
  canceled: 'Canceled.',
  internal: 'The service failed. Try again later.',
};
