/** An expected failure of a speech step, carrying the task error code it maps to. */
export interface SpeechFailure {
  code:
    | 'TRANSCRIPTION_EMPTY'
    | 'TRANSCRIPTION_FAILED'
    | 'TRANSLATION_FAILED'
    | 'TTS_FAILED'
    | 'SOURCE_PROCESSING_FAILED';
  message: string;
}

export type SpeechResult<T> = { ok: true; value: T } | { ok: false; error: SpeechFailure };

export function speechOk<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function speechFail(
  code: SpeechFailure['code'],
  message: string,
): { ok: false; error: SpeechFailure } {
  return { ok: false, error: { code, message } };
}
