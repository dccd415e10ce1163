import { ERROR_ADVICE, type ApiErrorKind } from '../../../shared/api/errors';
import { isIpcErrorCode, type LocalErrorCode } from '../../../shared/ipc/error-codes';

const TITLES: Record<ApiErrorKind, string> = {
  invalid_request: 'The request was refused',
  unauthorized: 'Key rejected',
  trial_exhausted: 'Free trial used up',
  insufficient_balance: 'Balance too low',
  payment_required: 'Payment required',
  forbidden: 'No access',
  not_found: 'Not found',
  too_large: 'File too large',
  unprocessable: 'Input not accepted',
  preflight_blocked: 'Subtitle script rejected',
  rate_limited: 'Rate limit reached',
  upstream: 'Temporary service failure',
  unavailable: 'Service switched off',
  network: 'Service unreachable',
  canceled: 'Canceled',
  internal: 'Service error',
};

/** Titles for the codes main and the bridge answer with that are not API error kinds. */
const LOCAL_TITLES: Record<LocalErrorCode, string> = {
  disconnected: 'Not connected to Soundstage host',
  no_host: 'Not connected to Soundstage host',
  bad_answer: 'Unreadable answer',
  bridge_failed: 'The app could not send the request',
  unknown_channel: 'The app could not send the request',
  disposed: 'Soundstage is shutting down',
  no_key: 'No API key',
  key_rejected: 'Key rejected',
  key_invalid: 'Key rejected',
  key_forbidden: 'Key has no access',
  key_not_stored: 'Key not saved',
  key_not_cleared: 'Key not removed',
  verify_unreachable: 'Service unreachable',
  no_remote_service: 'No custom service chosen',
  engine_unavailable: 'Local engine not running',
  engine_crashed: 'Local engine crashed',
  engine_stopped: 'Local engine stopped',
  path_not_allowed: 'File outside the app folders',
  url_not_allowed: 'Link not opened',
  file_missing: 'File missing',
  not_a_file: 'Not a file',
  not_media: 'Not a media file',
  save_failed: 'Could not save',
  write_failed: 'Could not write the result',
  truncated_stream: 'Stream cut off',
  interrupted: 'Interrupted',
  size_mismatch: 'Download incomplete',
  not_retryable: 'Cannot retry',
  not_cancelable: 'Cannot cancel',
  invalid_setting: 'Setting not accepted',
  settings_not_saved: 'Settings not saved',
  empty_file: 'The file is empty',
  binary_file: 'Not a text file',
  unsupported_encoding: 'Unknown text encoding',
  not_subtitles: 'Not a subtitle file',
  bad_timing: 'Unreadable cue timing',
  too_large_to_read: 'File too large to read',
  cannot_write: 'Subtitles not written',
  spell_failed: 'Spell check stopped',
  no_audio: 'No sound in the file',
  no_video: 'No picture in the file',
  peaks_failed: 'Waveform not drawn',
  shots_failed: 'Shot changes not found',
  measure_failed: 'Loudness not measured',
  export_running: 'An export is already running',
  export_not_writable: 'Export folder not writable',
  disk_full: 'Disk full',
  export_failed: 'Export failed',
  nothing_to_export: 'Nothing to export',
  silent_mix: 'The mix is silent',
  project_missing: 'Project file missing',
  project_read_only: 'Project opened read-only',
  not_a_project: 'Not a Soundstage project',
  project_not_saved: 'Project not saved',
  nothing_to_restore: 'Nothing to restore',
  nothing_to_dub: 'Nothing to dub',
  no_dub_results: 'No dubbed results yet',
  line_empty: 'The line has no words',
  line_script_failed: 'The line could not be prepared',
  nothing_to_undo: 'Nothing to undo',
  undo_failed: 'Undo failed',
  dub_missing: 'The dubbed video is gone',
  no_offline_voice: 'No offline voice for this language',
  unknown_line: 'Unknown line',
  line_too_long: 'Line too long to re-dub alone',
  line_outside_video: 'Line outside the video',
  window_cut_failed: 'The line could not be cut',
};

export function isApiErrorKind(value: string): value is ApiErrorKind {
  return value in ERROR_ADVICE;
}

/** True when the message already carries the advice's last sentence (the service often says it). */
function saysAlready(message: string, advice: string): boolean {
  const last =
    advice
      .split(/(?<=\.)\s+/)
      .pop()
      ?.replace(/\.$/, '')
      .toLowerCase() ?? '';
  return last !== '' && message.toLowerCase().includes(last);
}

export interface ErrorText {
  title: string;
  message: string;
  /** What to do next, when the kind is known. */
  advice?: string;
}

/** Title, message and advice for an error carrying a kind or code (job errors, IPC errors). */
export function describeError(error: { kind?: string; code: string; message: string }): ErrorText {
  const kind =
    error.kind && isApiErrorKind(error.kind)
      ? error.kind
      : isApiErrorKind(error.code)
        ? error.code
        : undefined;
  if (kind) {
    const advice = ERROR_ADVICE[kind];
    return {
      title: TITLES[kind],
      message: error.message,
      ...(saysAlready(error.message, advice) ? {} : { advice }),
    };
  }
  const title =
    isIpcErrorCode(error.code) && !isApiErrorKind(error.code)
      ? LOCAL_TITLES[error.code]
      : 'Something went wrong';
  return { title, message: error.message };
}
