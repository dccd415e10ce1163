import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { LIMITS } from '../limits';
import { checkSegments, type Segment } from '../segments';

/**
 * Building blocks of the request schemas. A request is what the app hands to its API client:
 * wire field names, local file paths for file parts, and every setting already resolved to the
 * value the request will carry (docs/api-notes.md 1.4; docs/product-notes.md 1.6 "send every boolean explicitly").
 */

/** Wire form of a request: text fields, and file parts as part name -> absolute local path. */
export interface FormParts {
  fields: Record<string, string>;
  files: Record<string, string>;
}

/** One rule a request breaks, at the field the UI should highlight ('' = the request as a whole). */
export interface RequestProblem {
  path: string;
  message: string;
}

export type RequestResult<T> = { ok: true; value: T } | { ok: false; error: RequestProblem[] };

export function problemsFromZod(error: z.ZodError): RequestProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * scheme://[userinfo@]host[:port][/path?query#fragment] with no whitespace. A regex rather than
 * URL(), which shared/ cannot rely on (platform.d.ts).
 */
const URL_PATTERN =
  /^([a-z][a-z0-9+.-]*):\/\/(?:[^\s/?#@]+@)?(?:\[[0-9a-f:.]+\]|[^\s/?#:@[\]]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

function hasScheme(value: string, schemes: readonly string[]): boolean {
  const match = URL_PATTERN.exec(value);
  return match !== null && schemes.includes(`${match[1]!.toLowerCase()}:`);
}

/** A public media URL: http or https (the service fetches it itself). */
export const httpUrlSchema = z
  .string()
  .trim()
  .refine((v) => hasScheme(v, ['http:', 'https:']), 'Enter a full http:// or https:// URL.');

/** Dubbing and proofread fetch sources over https only (spec; docs/api-notes.md 6.10, 6.11). */
export const httpsUrlSchema = z
  .string()
  .trim()
  .refine((v) => hasScheme(v, ['https:']), 'This service accepts https:// URLs only.');

export const localPathSchema = z.string().min(1, 'Choose a file.');

/** Lower-cased extension of a local path ('.srt'), or '' when it has none. */
export function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Characters as the service counts them: code points, so an emoji is one. */
export function charCount(text: string): number {
  return [...text].length;
}

/** The prompt length rule, saying how far over the text is. */
function promptLengthRefinement(maxChars: number) {
  return [
    (v: string) => charCount(v) <= maxChars,
    {
      error: (issue: { input: unknown }) =>
        `The prompt is ${charCount(String(issue.input))} characters; the limit is ${maxChars}.`,
    },
  ] as const;
}

/** A prompt that must say something; `emptyMessage` fits the form it is typed in. */
export const requiredPromptSchema = (maxChars: number, emptyMessage = 'Enter a prompt.') =>
  z
    .string()
    .refine((v) => v.trim().length > 0, emptyMessage)
    .refine(...promptLengthRefinement(maxChars));

/** An optional prompt: blank means "not set" and is omitted from the form. */
export const optionalPromptSchema = (maxChars: number = LIMITS.promptMaxChars) =>
  z
    .string()
    .refine(...promptLengthRefinement(maxChars))
    .optional();

/** Whole seconds within a range, with one message that states the whole rule. */
export const wholeSecondsSchema = (range: { min: number; max: number }) => {
  const message = `Duration must be a whole number of seconds from ${range.min} to ${range.max}.`;
  return z.number(message).int(message).min(range.min, message).max(range.max, message);
};

/** How many takes to generate, 1 to `range.max`; the message states the whole rule. */
export const variantsSchema = (
  range: { min: number; max: number } = LIMITS.generationVariantsNum,
) => {
  const message = `Variants must be a whole number from ${range.min} to ${range.max}.`;
  return z.number(message).int(message).min(range.min, message).max(range.max, message).default(1);
};

/** prompt_influence 0–1, default 0.5; 0 is meaningful and sent (docs/api-notes.md 6.2). */
export const promptInfluenceSchema = () => {
  const { min, max } = LIMITS.promptInfluence;
  const message = `Prompt influence must be a number from ${min} to ${max}.`;
  return z
    .number(message)
    .min(min, message)
    .max(max, message)
    .default(LIMITS.promptInfluence.default);
};

/** Decimal text the way the service reads a float: 0.5, 0, 1 (never "0.50" or "5e-1"). */
export function formNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export const languageCodeSchema = z.enum(LANGUAGE_CODES, {
  error: (issue) => `Unsupported language code: ${JSON.stringify(issue.input)}.`,
});

/** A list of language codes, each at most once. */
export const languageListSchema = (minItems: number) =>
  z
    .array(languageCodeSchema)
    .min(minItems, 'Choose at least one language.')
    .refine(
      (codes) => new Set(codes).size === codes.length,
      'Each language may be listed only once.',
    );

/** Segment items as the app holds them; the list rules are checked by addSegmentIssues. */
export const segmentItemsSchema = z.array(
  z.strictObject({
    start: z.number(),
    end: z.number(),
    prompt: z.string(),
  }),
);

/**
 * Reports the server's segment rules (checkSegments) and the raw JSON cap as zod issues under
 * `segments`. Without a duration the last-end rule waits for the probed media (checkRequestMedia).
 */
export function addSegmentIssues(
  ctx: z.RefinementCtx,
  segments: readonly Segment[],
  durationSeconds?: number,
): void {
  for (const problem of checkSegments(segments, durationSeconds)) {
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.index < 0 ? ['segments'] : ['segments', problem.index, problem.field],
    });
  }
  if (segmentsJson(segments).length > LIMITS.segments.rawJsonMaxChars) {
    ctx.addIssue({
      code: 'custom',
      path: ['segments'],
      message: `The segment list is longer than ${LIMITS.segments.rawJsonMaxChars} characters of JSON.`,
    });
  }
}

/** Compact JSON of the segments field (the JS SDK's rendering). */
export function segmentsJson(segments: readonly Segment[]): string {
  return JSON.stringify(segments.map(({ start, end, prompt }) => ({ start, end, prompt })));
}

/** Video endpoints take exactly one of an uploaded file or a URL. */
export const videoSourceShape = {
  video: localPathSchema.optional(),
  video_url: httpUrlSchema.optional(),
};

export function requireExactlyOne(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  fileKey: string,
  urlKey: string,
  what: string,
): void {
  const count = [value[fileKey], value[urlKey]].filter((v) => v !== undefined).length;
  if (count !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [fileKey],
      message:
        count === 0
          ? `Choose a ${what} file or enter a ${what} URL.`
          : `Give a ${what} file or a ${what} URL, not both.`,
    });
  }
}

export const formBool = (value: boolean): string => (value ? 'true' : 'false');

/** Starts a form with the video part or URL of a validated request. */
export function videoForm(request: { video?: string; video_url?: string }): FormParts {
  const parts: FormParts = { fields: {}, files: {} };
  if (request.video !== undefined) parts.files.video = request.video;
  if (request.video_url !== undefined) parts.fields.video_url = request.video_url;
  return parts;
}

/** Sets a text field only when it carries something (unset optional fields are omitted). */
export function setText(parts: FormParts, name: string, value: string | undefined): void {
  if (value !== undefined && value.trim().length > 0) parts.fields[name] = value;
}

export function setSegments(parts: FormParts, segments: readonly Segment[] | undefined): void {
  if (segments !== undefined) parts.fields.segments = segmentsJson(segments);
}
