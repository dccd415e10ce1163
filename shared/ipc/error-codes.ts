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
  // Subtitle files (the reader names why a file cannot be read; the line is in the error).
  'empty_file',
  'binary_file',
  'unsupported_encoding',
  'not_subtitles',
  'bad_timing',
  'too_large_to_read',
  'cannot_write',
  'spell_failed',
  // Media services (waveform, shot changes, export).
  'no_audio',
  'no_video',
  'peaks_failed',
  'shots_failed',
  'measure_failed',
  'export_running',
  'export_not_writable',
  'disk_full',
  'export_failed',
  'nothing_to_export',
  'silent_mix',
  // Project documents.
  'project_missing',
  'project_read_only',
  'not_a_project',
  'project_not_saved',
  'nothing_to_restore',
  // Dub batches.
  'nothing_to_dub',
  'no_dub_results',
  // Line re-dubs of a finished dub (docs/dubbing.md "Re-dub one line").
  'line_empty',
  'line_script_failed',
  'nothing_to_undo',
  'undo_failed',
  'dub_missing',
  'no_offline_voice',
  'unknown_line',
  'line_too_long',
  'line_outside_video',
  'window_cut_failed',
] as const;

export type LocalErrorCode = (typeof LOCAL_ERROR_CODES)[number];
export type IpcErrorCode = ApiErrorKind | LocalErrorCode;

export const API_ERROR_KINDS = Object.keys(ERROR_ADVICE) as ApiErrorKind[];
export const IPC_ERROR_CODES: readonly IpcErrorCode[] = [...API_ERROR_KINDS, ...LOCAL_ERROR_CODES];

const KNOWN = new Set<string>(IPC_ERROR_CODES);

export function isIpcErrorCode(value: string): value is IpcErrorCode {
  return KNOWN.has(value);
}
