import { z } from 'zod';
import { encodingCandidateSchema, subtitleEncodingSchema } from './encodings';

/**
 * What reading a subtitle file yields, as zod schemas: the IPC contract and the Node-side
 * reader (shared/node/subtitles) share them, so the editor gets exactly what main produced.
 */

export const subtitleFormatSchema = z.enum(['srt', 'vtt']);
export type SubtitleFormat = z.infer<typeof subtitleFormatSchema>;

export { ENCODING_NAMES, subtitleEncodingSchema } from './encodings';
export type { SubtitleEncoding } from './encodings';

export const cueSchema = z.object({
  id: z.string().min(1).max(100),
  startMs: z.number().int(),
  endMs: z.number().int(),
  text: z.string().max(100_000),
});

/** Something the reader mended so the file could be read; shown so nothing changes silently. */
export const readRepairSchema = z.object({
  code: z.enum([
    'line-endings',
    'missing-header',
    'timestamp-without-ms',
    'short-fraction',
    'negative-time',
    'missing-blank-line',
    'cue-number',
    'text-without-timing',
    'entities-decoded',
    'format-from-content',
  ]),
  message: z.string(),
  /** First line (1-based) it applies to, when it is about one place. */
  line: z.number().int().optional(),
  /** How many places it applied to, when it is about many. */
  count: z.number().int().optional(),
});
export type ReadRepair = z.infer<typeof readRepairSchema>;

/** Something the user should know about a readable file. */
export const readWarningSchema = z.object({
  code: z.enum([
    'over-dubbing-limit',
    'many-cues',
    'long-line',
    'language-mismatch',
    'timing-errors',
    'no-cues',
  ]),
  message: z.string(),
  line: z.number().int().optional(),
});
export type ReadWarning = z.infer<typeof readWarningSchema>;

/** VTT parts with no place in the cue model, kept so a VTT round trip loses nothing. */
export const vttExtrasSchema = z.object({
  /** The header line and any header lines under it (`WEBVTT - title`, `Kind: captions`). */
  header: z.string().max(10_000),
  /**
   * STYLE, REGION and NOTE blocks in file order. They are written back between the header and
   * the first cue (where STYLE and REGION must stand; a NOTE that stood between cues moves up).
   */
  blocks: z
    .array(z.object({ kind: z.enum(['STYLE', 'REGION', 'NOTE']), text: z.string().max(100_000) }))
    .max(10_000),
  /** Cue settings (`align:start position:10%`) by cue id. */
  cueSettings: z.record(z.string(), z.string().max(1000)),
});
export type VttExtras = z.infer<typeof vttExtrasSchema>;

export const languageGuessSchema = z.object({
  family: z.string(),
  code: z.string().nullable(),
  accuracy: z.number(),
});

export const subtitleReadSchema = z.object({
  format: subtitleFormatSchema,
  encoding: subtitleEncodingSchema,
  /**
   * False when the detector could not decide (low confidence, or a close second that reads
   * differently): the editor then shows a chooser beside `preview` before importing.
   */
  encodingSure: z.boolean().default(true),
  /** What the detector considered, most likely first (empty for Unicode files). */
  encodingCandidates: z.array(encodingCandidateSchema).max(40).default([]),
  /** The first lines of the decoded text, so the user can see whether it reads right. */
  preview: z.string().max(4000).default(''),
  bytes: z.number().int(),
  cues: z.array(cueSchema),
  repairs: z.array(readRepairSchema),
  warnings: z.array(readWarningSchema),
  /** The language the text reads as (local detection), null when too short to tell. */
  languageGuess: languageGuessSchema.nullable(),
  /** Language the file is labelled with (request, or `name.<code>.srt`), null when unlabelled. */
  labelledLanguage: z.string().nullable(),
  vtt: vttExtrasSchema.nullable(),
});
export type SubtitleRead = z.infer<typeof subtitleReadSchema>;

/** Why a file could not be read; `line` is where reading stopped, when it got that far. */
export const readErrorCodeSchema = z.enum([
  'empty_file',
  'binary_file',
  'unsupported_encoding',
  'not_subtitles',
  'bad_timing',
  'too_large_to_read',
]);
export type ReadErrorCode = z.infer<typeof readErrorCodeSchema>;

export interface ReadError {
  code: ReadErrorCode;
  message: string;
  line?: number;
}
