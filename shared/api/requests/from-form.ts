import type { z } from 'zod';
import { LIMITS } from '../limits';
import { parseSegmentsField } from '../segments';
import type { TaskType } from '../task-types';
import { type RequestProblem } from './common';
import { TASK_REQUEST_SCHEMAS } from './registry';

/**
 * The inverse of toFormFields: a request in wire form (text fields as the form will carry them,
 * file parts as local paths) read back into the shape of the task's request schema, so the
 * schema's rules are the ones checked. Fields the schema does not know are left out; wire-form
 * problems a schema cannot see (unparsable JSON text, misnamed script parts) come back as
 * problems of their own.
 */
export interface WireRequest {
  fields: Record<string, string | number | boolean>;
  files: Record<string, string>;
}

const SCRIPT_PART = /^subtitles\[([^\]]+)\]$/;

export function requestFromForm(
  type: TaskType,
  wire: WireRequest,
): { input: Record<string, unknown>; problems: RequestProblem[] } {
  const shape = (TASK_REQUEST_SCHEMAS[type] as unknown as z.ZodObject).shape as Record<
    string,
    unknown
  >;
  const input: Record<string, unknown> = {};
  const problems: RequestProblem[] = [];
  const subtitles: Record<string, unknown> = {};

  for (const [name, path] of Object.entries(wire.files)) {
    if (name.startsWith('subtitles')) {
      const code = SCRIPT_PART.exec(name)?.[1];
      if (code) subtitles[code] = { file: path };
      else problems.push(misnamedScript(name));
    } else if (name in shape) {
      input[name] = path;
    }
  }
  for (const [name, value] of Object.entries(wire.fields)) {
    if (name.startsWith('subtitles')) {
      const code = SCRIPT_PART.exec(name)?.[1];
      if (code) subtitles[code] = { url: String(value) };
      else problems.push(misnamedScript(name));
      continue;
    }
    if (!(name in shape)) continue;
    const read = readField(name, value);
    if (read.ok) input[name] = read.value;
    else problems.push({ path: name, message: read.message });
  }
  if ('subtitles' in shape && Object.keys(subtitles).length > 0) input.subtitles = subtitles;
  return { input, problems };
}

/** Where the UI shows a schema issue: `segments.<i>.<field>`, `subtitles[<lang>]`, else the field. */
export function wirePath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'segments') return ['segments', ...rest.slice(0, 2)].join('.');
  if (head === 'subtitles' && rest[0] !== undefined) return `subtitles[${rest[0]}]`;
  return head ?? '';
}

function misnamedScript(name: string): RequestProblem {
  return { path: name, message: 'Name each script field subtitles[<language>].' };
}

type Read = { ok: true; value: unknown } | { ok: false; message: string };

/** Wire text back to the value the schema types: booleans, numbers and JSON lists. */
function readField(name: string, value: string | number | boolean): Read {
  if (name === 'segments') {
    const segments = parseSegmentsField(String(value));
    return segments
      ? { ok: true, value: segments }
      : {
          ok: false,
          message: `The segments must be a JSON list of {start, end, prompt} (at most ${LIMITS.segments.rawJsonMaxChars} characters).`,
        };
  }
  if (name === 'languages') {
    try {
      const list: unknown = JSON.parse(String(value));
      if (Array.isArray(list)) return { ok: true, value: list };
    } catch {
      // Reported below, in the words the form uses.
    }
    return { ok: false, message: 'The languages must be a JSON list of language codes.' };
  }
  if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
  if (typeof value === 'string' && NUMBER_FIELDS.has(name)) {
    const number = value.trim() === '' ? Number.NaN : Number(value);
    return { ok: true, value: number };
  }
  return { ok: true, value };
}

/** Fields whose schema type is a number (the wire carries them as decimal text). */
const NUMBER_FIELDS = new Set(['duration', 'variants_num', 'prompt_influence']);
