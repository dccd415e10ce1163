import { z } from 'zod';
import {
  cueSchema,
  subtitleEncodingSchema,
  subtitleFormatSchema,
  subtitleReadSchema,
  vttExtrasSchema,
} from '../../domain/subtitles/file';

const filePath = z.string().min(1).max(4096);
/** A plain file name, no folders: written into the project folder. */
const fileName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^/\\:*?"<>|\0]+$/, 'a file name without folders')
  .refine((name) => name !== '.' && name !== '..', 'a file name without folders');

/**
 * IPC request channels of the Subtitles domain (composed into requestChannels in ../contract).
 *
 * Cues travel in the shared model (shared/domain/subtitles: stable `id`, integer `startMs`/
 * `endMs`, `text` with markup kept), so the editor runs the same QC rules and fixes as the
 * engine on exactly what main read.
 */
export const subtitlesChannels = {
  /**
   * Reads an .srt/.vtt file the user picked or that lies in the app's folders. Answers the
   * encoding it was read in (with `encodingSure` false, the candidates and a text `preview`
   * when the detector could not decide; read again with `encoding` to see another), what was repaired, warnings (over the 1 MiB dubbing limit, 10,000+
   * cues, absurdly long lines, timing errors, text not in the labelled `language`), the cues,
   * the detected language and, for VTT, the blocks to keep on save. A file that cannot be read
   * fails with code `empty_file`, `binary_file`, `unsupported_encoding`, `not_subtitles`,
   * `bad_timing` or `too_large_to_read`, and `line` where reading stopped; nothing is returned
   * half-read.
   */
  'subtitles:read': {
    paths: { path: 'read' },
    request: z
      .object({
        path: filePath,
        /** The language the file is meant to be in; defaults to the name's (`clip.es.srt`). */
        language: z.string().min(2).max(20).optional(),
        /** Read in this encoding (the user's pick in the chooser) instead of detecting it. */
        encoding: subtitleEncodingSchema.optional(),
      })
      .strict(),
    response: subtitleReadSchema,
  },
  /**
   * Writes cues as UTF-8 SRT or VTT, atomically. Give `path` (an existing file, or a new one in
   * a folder the app may use) or `name` (a file name created in the project folder); the
   * extension is added when missing. Pass back `vtt` from subtitles:read to keep VTT header,
   * STYLE/REGION/NOTE blocks and cue settings. Fails with `cannot_write` (a cue with a negative
   * time or past 24 h, `field` = `cues`) or `write_failed`.
   */
  'subtitles:write': {
    paths: { path: { create: ['.srt', '.vtt'] } },
    request: z
      .object({
        path: filePath.optional(),
        name: fileName.optional(),
        format: subtitleFormatSchema,
        cues: z.array(cueSchema).max(100_000),
        vtt: vttExtrasSchema.nullable().optional(),
      })
      .strict()
      .refine((request) => (request.path === undefined) !== (request.name === undefined), {
        message: 'Give either path or name',
        path: ['path'],
      }),
    response: z.object({ path: z.string() }),
  },
} as const;

/** Pushes of the Subtitles domain (composed into eventChannels in ../contract). */
export const subtitlesEvents = {} as const;
