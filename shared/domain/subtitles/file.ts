import { z } from 'zod';

/**
 * What reading a subtitle file yields, as zod schemas: the IPC contract and the Node-side
 * reader (shared/node/subtitles) share them, so the editor gets exactly what main produced.
 */

export const subtitleFormatSchema = z.enum(['srt', 'vtt']);
export type SubtitleFormat = z.infer<typeof subtitleFormatSchema>;

/** The byte encoding a file was read in (files are always written as UTF-8 without BOM). */
export const subtitleEncodingSchema = z.enum([
  'utf-8',
  'utf-8-bom',
  'utf-16le',
  'utf-16be',
  'windows-1252',
]);
export type SubtitleEncoding = z.infer<typeof subtitleEncodingSchema>;

export const ENCODING_NAMES: Record<SubtitleEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Latin-1)',
};

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
