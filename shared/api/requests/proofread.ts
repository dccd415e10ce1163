import { z } from 'zod';
import {
  httpsUrlSchema,
  languageCodeSchema,
  languageListSchema,
  localPathSchema,
  requireExactlyOne,
  type FormParts,
} from './common';

/**
 * Proofread: the source must have an audio track (checked against the probe by
 * checkRequestMedia); URLs are https only like dubbing (docs/api-notes.md 11.20). An empty
 * `languages` asks for the source-language transcript only and is sent as `[]`.
 */
export const proofreadRequestSchema = z
  .strictObject({
    video: localPathSchema.optional(),
    video_url: httpsUrlSchema.optional(),
    languages: languageListSchema(0).default(() => []),
    /** A hint; unset means the service detects the language, so it is omitted. */
    source_language: languageCodeSchema.optional(),
  })
  .superRefine((request, ctx) => requireExactlyOne(request, ctx, 'video', 'video_url', 'video'));
export type ProofreadRequest = z.output<typeof proofreadRequestSchema>;

export function proofreadForm(request: ProofreadRequest): FormParts {
  const parts: FormParts = { fields: {}, files: {} };
  if (request.video !== undefined) parts.files.video = request.video;
  if (request.video_url !== undefined) parts.fields.video_url = request.video_url;
  parts.fields.languages = JSON.stringify(request.languages);
  if (request.source_language !== undefined) parts.fields.source_language = request.source_language;
  return parts;
}
