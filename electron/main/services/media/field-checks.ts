import { DEFAULT_DUBBING_LANGUAGES, isLanguageCode } from '../../../../shared/api/languages';
import { LIMITS } from '../../../../shared/api/limits';
import type { RequestProblem } from '../../../../shared/api/requests/common';
import { checkSegments, parseSegmentsField, type Segment } from '../../../../shared/api/segments';
import type { TaskType } from '../../../../shared/api/task-types';
import type { JobRequest } from '../../../../shared/domain/jobs/job';

/**
 * The service's rules on the text fields of a wire-form request (spec + client-notes 6.x),
 * checked in main before any upload. Media facts (durations, tracks, sizes) are checked in
 * preflight.ts with a probe of each file.
 */
type Fields = JobRequest['fields'];

const HTTPS_ONLY_TYPES: readonly TaskType[] = ['dubbing', 'proofread'];
/** Fields the service refuses on a stream request (client-notes 3.2). */
const ASYNC_ONLY_FLAGS = ['preserve_speech', 'isolate_vocals', 'ducking', 'stems'] as const;

const text = (fields: Fields, name: string): string | undefined => {
  const value = fields[name];
  return value === undefined ? undefined : String(value);
};
const isTrue = (value: unknown) => value === true || value === 'true';

function checkUrl(
  problems: RequestProblem[],
  name: string,
  value: string | undefined,
  httpsOnly: boolean,
): void {
  if (value === undefined) return;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(value.trim())?.[1]?.toLowerCase();
  if (httpsOnly ? scheme !== 'https' : scheme !== 'http' && scheme !== 'https') {
    problems.push({
      path: name,
      message: httpsOnly
        ? 'This service accepts https:// URLs only.'
        : 'Enter a full http:// or https:// URL.',
    });
  }
}

function checkSource(
  problems: RequestProblem[],
  request: JobRequest,
  fileKey: string,
  urlKey: string,
  what: string,
  httpsOnly: boolean,
): void {
  const hasFile = request.files[fileKey] !== undefined;
  const url = text(request.fields, urlKey);
  if (hasFile === (url !== undefined)) {
    problems.push({
      path: fileKey,
      message: hasFile
        ? `Give a ${what} file or a ${what} URL, not both.`
        : `Choose a ${what} file or enter a ${what} URL.`,
    });
  }
  checkUrl(problems, urlKey, url, httpsOnly);
}

function checkPrompt(
  problems: RequestProblem[],
  fields: Fields,
  name: string,
  max: number,
  required: boolean,
): void {
  const value = text(fields, name);
  if (value === undefined || value.trim() === '') {
    if (required) problems.push({ path: name, message: 'Enter a prompt.' });
    return;
  }
  if ([...value].length > max)
    problems.push({ path: name, message: `The prompt may be at most ${max} characters.` });
}

function checkInteger(
  problems: RequestProblem[],
  fields: Fields,
  name: string,
  range: { min: number; max: number },
  required: boolean,
): number | undefined {
  const raw = fields[name];
  if (raw === undefined) {
    if (required) problems.push({ path: name, message: `Enter the ${name.replace(/_/g, ' ')}.` });
    return undefined;
  }
  const value = Number(raw);
  if (typeof raw === 'boolean' || !Number.isInteger(value)) {
    problems.push({
      path: name,
      message: `The ${name.replace(/_/g, ' ')} must be a whole number.`,
    });
    return undefined;
  }
  if (value < range.min || value > range.max) {
    problems.push({
      path: name,
      message: `The ${name.replace(/_/g, ' ')} must be between ${range.min} and ${range.max}.`,
    });
  }
  return value;
}

/** The parsed `segments` field, with its list rules checked (the last end against `duration` when known). */
export function checkSegmentsField(
  problems: RequestProblem[],
  fields: Fields,
  duration?: number,
): Segment[] | undefined {
  const raw = text(fields, 'segments');
  if (raw === undefined) return undefined;
  const segments = parseSegmentsField(raw);
  if (!segments) {
    problems.push({
      path: 'segments',
      message: `The segments must be a JSON list of {start, end, prompt} (at most ${LIMITS.segments.rawJsonMaxChars} characters).`,
    });
    return undefined;
  }
  for (const problem of checkSegments(segments, duration)) {
    problems.push({
      path: problem.index < 0 ? 'segments' : `segments.${problem.index}.${problem.field}`,
      message: problem.message,
    });
  }
  return segments;
}

function checkLanguages(
  problems: RequestProblem[],
  fields: Fields,
  minItems: number,
): string[] | undefined {
  const raw = text(fields, 'languages');
  if (raw === undefined) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    list = null;
  }
  if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) {
    problems.push({
      path: 'languages',
      message: 'The languages must be a JSON list of language codes.',
    });
    return undefined;
  }
  const codes = list as string[];
  for (const code of codes) {
    if (!isLanguageCode(code))
      problems.push({ path: 'languages', message: `Unsupported language code: "${code}".` });
  }
  if (new Set(codes).size !== codes.length)
    problems.push({ path: 'languages', message: 'Each language may be listed only once.' });
  if (codes.length < minItems)
    problems.push({ path: 'languages', message: 'Choose at least one language.' });
  return codes;
}

function checkDubbingScripts(
  problems: RequestProblem[],
  request: JobRequest,
  languages: string[],
): void {
  const keys = [...Object.keys(request.files), ...Object.keys(request.fields)].filter((k) =>
    k.startsWith('subtitles'),
  );
  const scripts: string[] = [];
  for (const key of keys) {
    const code = /^subtitles\[([^\]]+)\]$/.exec(key)?.[1];
    if (!code) {
      problems.push({ path: key, message: 'Name each script field subtitles[<language>].' });
      continue;
    }
    if (!isLanguageCode(code))
      problems.push({ path: key, message: `Unsupported language code: "${code}".` });
    scripts.push(code);
    checkUrl(problems, key, text(request.fields, key), true);
  }
  if (scripts.length > 0) {
    const missing = languages.filter((c) => !scripts.includes(c));
    const extra = scripts.filter((c) => !languages.includes(c));
    if (missing.length || extra.length) {
      const parts = [
        missing.length ? `missing scripts for ${missing.join(', ')}` : '',
        extra.length ? `scripts for languages not requested: ${extra.join(', ')}` : '',
      ];
      problems.push({
        path: 'subtitles',
        message: `Give one script per requested language (${parts.filter(Boolean).join('; ')}).`,
      });
    }
  }
  if (isTrue(request.fields.export_srt) && scripts.length === 0) {
    problems.push({
      path: 'export_srt',
      message: 'Exporting subtitles needs a script per language.',
    });
  }
}

function checkDelivery(problems: RequestProblem[], request: JobRequest): void {
  const { type, fields, delivery } = request;
  if (delivery !== 'stream') return;
  if (type !== 'text_to_music' && type !== 'video_to_music') {
    problems.push({
      path: 'delivery',
      message: 'Only music can be streamed; this service answers with a task.',
    });
    return;
  }
  if (text(fields, 'mode') === 'async')
    problems.push({ path: 'mode', message: 'A stream request cannot carry mode=async.' });
  for (const flag of ASYNC_ONLY_FLAGS) {
    if (isTrue(fields[flag]))
      problems.push({ path: flag, message: 'This setting needs async delivery.' });
  }
  const format = text(fields, 'output_format');
  if (format !== undefined && format !== 'm4a') {
    problems.push({
      path: 'output_format',
      message: 'A stream always delivers m4a. Choose async delivery for WAV or MP3.',
    });
  }
  if (Number(fields.variants_num ?? 1) > 1)
    problems.push({ path: 'variants_num', message: 'Several variants need async delivery.' });
}

/** Every rule on the text fields of the request. */
export function checkFields(request: JobRequest): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const { type, fields } = request;
  checkDelivery(problems, request);
  if (type === 'text_to_music') {
    checkPrompt(problems, fields, 'prompt', LIMITS.textToMusicPromptMaxChars, true);
    const seconds = checkInteger(problems, fields, 'duration', LIMITS.textToMusicDuration, true);
    // The requested duration is known here, so the last segment end is checked against it.
    checkSegmentsField(problems, fields, seconds);
  } else if (type === 'text_to_sfx') {
    checkPrompt(problems, fields, 'prompt', LIMITS.promptMaxChars, true);
    checkInteger(problems, fields, 'duration', LIMITS.textToSfxDuration, true);
  } else if (type === 'audio_ducking') {
    checkSource(problems, request, 'voice_file', 'voice_url', 'voice', false);
    checkSource(problems, request, 'music_file', 'music_url', 'music', false);
  } else {
    checkSource(problems, request, 'video', 'video_url', 'video', HTTPS_ONLY_TYPES.includes(type));
    for (const name of ['prompt', 'music_prompt', 'sfx_prompt'])
      checkPrompt(problems, fields, name, LIMITS.promptMaxChars, false);
    // With a local file the last segment end is checked against the probed duration instead.
    if (request.files.video === undefined) checkSegmentsField(problems, fields);
  }
  if (type === 'video_analysis')
    checkInteger(problems, fields, 'variants_num', LIMITS.variantsNum, false);
  else if (fields.variants_num !== undefined) {
    const n = Number(fields.variants_num);
    if (!Number.isInteger(n) || n < LIMITS.variantsNum.min) {
      problems.push({
        path: 'variants_num',
        message: 'The number of variants must be a whole number, at least 1.',
      });
    }
  }
  if (type === 'dubbing') {
    const languages = checkLanguages(problems, fields, 1) ?? [...DEFAULT_DUBBING_LANGUAGES];
    checkDubbingScripts(problems, request, languages);
  }
  if (type === 'proofread') checkLanguages(problems, fields, 0);
  return problems;
}
