import { z } from 'zod';
import { cueSchema, vttExtrasSchema, type VttExtras } from '../subtitles/file';

/**
 * The Subtitles workspace's part of a project document. Every field has a default, so an
 * older document whose `subtitles` part was an untyped record (or `{}`) still reads; unknown
 * keys are dropped on read.
 */
const ms = z.number().int().min(0);

export const glossaryTermSchema = z.object({
  /** The term as written in the source language. */
  source: z.string().min(1).max(200),
  /** Required rendering per language code (absent: no rule for that language). */
  targets: z.record(z.string(), z.string().max(200)).default({}),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const glossarySchema = z.object({
  terms: z.array(glossaryTermSchema).max(2000).default([]),
  /** Words every language must keep as written (names, brands). */
  doNotTranslate: z.array(z.string().min(1).max(200)).max(2000).default([]),
});
export type Glossary = z.infer<typeof glossarySchema>;

/** A warning the service returned with a proofread, shown at its cue. */
export const serviceWarningSchema = z.object({
  cueId: z.string().max(100),
  language: z.string().max(20),
  message: z.string().max(2000),
});

export const subtitlesPartSchema = z.object({
  video: z.object({ path: z.string().min(1).max(4096) }).optional(),
  /** Language code -> cues; cues that translate each other share an id. */
  languages: z.record(z.string(), z.array(cueSchema).max(100_000)).default({}),
  /** The language the others were translated from (QC and fit run per language). */
  sourceLanguage: z.string().max(20).optional(),
  /** The two languages shown side by side. */
  shown: z.array(z.string().max(20)).max(2).default([]),
  /** Where each language was read from, to export beside it. */
  files: z.record(z.string(), z.string().max(4096)).default({}),
  profile: z.enum(['streaming', 'cjk', 'thai', 'shorts']).default('streaming'),
  glossary: glossarySchema.default({ terms: [], doNotTranslate: [] }),
  serviceWarnings: z.array(serviceWarningSchema).max(10_000).default([]),
  /**
   * What a WebVTT file carried besides its cues (header, STYLE/REGION/NOTE blocks, cue
   * settings), per language, so an open -> edit -> export round trip gives them back.
   */
  vtt: z.record(z.string(), vttExtrasSchema).default({}),
  /** Words the spell check accepts in this project ("add to project dictionary"). */
  dictionary: z.array(z.string().min(1).max(100)).max(20_000).default([]),
  /** Where the editor was: restored on reopen. */
  view: z
    .object({ cueId: z.string().max(100).optional(), playheadMs: ms.default(0) })
    .default({ playheadMs: 0 }),
});
export type SubtitlesPart = z.infer<typeof subtitlesPartSchema>;

export const EMPTY_SUBTITLES: SubtitlesPart = subtitlesPartSchema.parse({});

/**
 * Records (or, for a file without them, forgets) the WebVTT extras a language was read with;
 * an .srt read over a .vtt one must not export the old file's blocks.
 */
export function withVttExtras(
  part: SubtitlesPart,
  language: string,
  extras: VttExtras | null,
): SubtitlesPart {
  if (!extras && !(language in part.vtt)) return part;
  const vtt = { ...part.vtt };
  if (extras) vtt[language] = extras;
  else delete vtt[language];
  return { ...part, vtt };
}

/** The extras to write back when exporting `language` as WebVTT (null: none were read). */
export function vttExtrasFor(part: SubtitlesPart, language: string): VttExtras | null {
  return part.vtt[language] ?? null;
}
