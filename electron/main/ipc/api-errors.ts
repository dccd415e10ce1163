import type { ApiError } from '../../../shared/api/errors';
import { fail, type Result } from '../../../shared/ipc/result';
import type { RequestProblem } from '../../../shared/api/requests/common';

/** An API error as the renderer sees it: the taxonomy kind is the code it branches on. */
export function apiErrorResult(error: ApiError): Result<never> {
  const code = error.code === 'no_key' ? 'no_key' : error.kind;
  const extra: { retryable: boolean; field?: string } = { retryable: error.retryable };
  const loc = error.fieldErrors?.[0]?.loc;
  if (loc) extra.field = loc.filter((part) => part !== 'body').join('.');
  return fail(code, error.message, extra);
}

/** Preflight problems as one answer: every message, and the first field to highlight. */
export function problemsResult(problems: readonly RequestProblem[]): Result<never> {
  const message = problems.map((p) => p.message).join('\n');
  return fail('invalid_request', message, { field: problems[0]?.path || undefined });
}
