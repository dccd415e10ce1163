import { ERROR_ADVICE, type ApiErrorKind } from '../api/errors';

/**
 * Every code an IPC answer may carry, as one closed union: the API error kinds (an API failure
 * reaches the renderer under its kind) plus the codes of main and of the renderer's bridge.
 * `fail()` accepts only these, and the renderer has words for each (renderer/src/lib/error-text).
 */
export const LOCAL_ERROR_CODES = [
  // The renderer's bridge, before or instead of an answer from main.
  'disconnected',
  'no_host',
  'bad_answer',
  'bridge_failed',
  // The IPC edge.
  'unknown_channel',
  'disposed',
  // The key and the service it is for.
  'no_key',
  'key_invalid',
  'key_rejected',
  'key_forbidden',
  'key_not_stored',
  'key_not_cleared',
  'verify_unreachable',
  'no_remote_service',
  // The local engine.
  'engine_unavailable',
  'engine_crashed',
  'engine_stopped',
  // Files and URLs the renderer names.
  'path_not_allowed',
  'url_not_allowed',
  'file_missing',
  'not_a_file',
  'not_media',
  'save_failed',
  // Jobs.
  'write_failed',
  'truncated_stream',
  'interrupted',
  'size_mismatch',
  'not_retryable',
  'not_cancelable',
  // Settings.
  'invalid_setting',
  'settings_not_saved',
] as const;

export type LocalErrorCode = (typeof LOCAL_ERROR_CODES)[number];
export type IpcErrorCode = ApiErrorKind | LocalErrorCode;

export const API_ERROR_KINDS = Object.keys(ERROR_ADVICE) as ApiErrorKind[];
export const IPC_ERROR_CODES: readonly IpcErrorCode[] = [...API_ERROR_KINDS, ...LOCAL_ERROR_CODES];

const KNOWN = new Set<string>(IPC_ERROR_CODES);

export function isIpcErrorCode(value: string): value is IpcErrorCode {
  return KNOWN.has(value);
}
