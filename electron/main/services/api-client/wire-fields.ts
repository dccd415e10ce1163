import type { JobRequest } from '../../../../shared/domain/jobs/job';
import type { FilePart, TextPart } from './multipart';

/** Task types that can answer with an NDJSON stream; an async submit of these needs mode=async. */
const STREAM_CAPABLE = new Set<JobRequest['type']>(['text_to_music', 'video_to_music']);

export function isStreamCapable(type: JobRequest['type']): boolean {
  return STREAM_CAPABLE.has(type);
}

/**
 * Renders form values the way the wire wants them (docs/api-notes.md 1.4): booleans as lowercase
 * `true`/`false`, integers as decimal strings, other numbers with JS `String` (0.8, 0).
 * Strings pass through untouched, so JSON-in-a-field values (segments, languages) are sent
 * exactly as the request carries them.
 */
export function renderFieldValue(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return value;
}

/** The text parts of a request, exactly as its fields say, plus `mode=async` when an async music request lacks it. */
export function wireTextParts(request: JobRequest): TextPart[] {
  const parts: TextPart[] = [];
  for (const [name, value] of Object.entries(request.fields))
    parts.push({ name, value: renderFieldValue(value) });
  if (
    request.delivery === 'async' &&
    isStreamCapable(request.type) &&
    !('mode' in request.fields)
  ) {
    parts.push({ name: 'mode', value: 'async' });
  }
  return parts;
}

export function wireFileParts(request: JobRequest): FilePart[] {
  return Object.entries(request.files ?? {}).map(([name, filePath]) => ({ name, filePath }));
}
