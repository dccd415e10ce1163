import { z } from 'zod';
import { DEFAULT_DUBBING_LANGUAGES, isLanguageCode } from '../languages';
import { SUBTITLE_EXTENSIONS } from '../limits';
import {
  extensionOf,
  formBool,
  httpsUrlSchema,
  languageListSchema,
  localPathSchema,
  requireExactlyOne,
  type FormParts,
} from './common';

/**
 * A target-language script for subtitles[<lang>]: a local .srt/.vtt file (the server checks the
 * lower-cased extension) or a public https URL. The 1 MiB cap needs the file size, which the
 * app's probe knows; checkRequestMedia is for the video, so the caller checks scripts' sizes.
 */
export const subtitleSourceSchema = z.union([
  z.strictObject({
    file: localPathSchema.refine(
      (path) => (SUBTITLE_EXTENSIONS as readonly string[]).includes(extensionOf(path)),
      'A subtitle script must be a .srt or .vtt file.',
    ),
  }),
  z.strictObject({ url: httpsUrlSchema }),
]);
export type SubtitleSource = z.output<typeof subtitleSourceSchema>;

export const dubbingRequestSchema = z
  .strictObject({
    video: localPathSchema.optional(),
    video_url: httpsUrlSchema.optional(),
    // The app always sends the list; `[]` is refused as malformed by the service (docs/api-notes.md 11.24).
    languages: languageListSchema(1).default(() => [...DEFAULT_DUBBING_LANGUAGES]),
    ducking: z.boolean().default(false),
    lipsync: z.boolean().default(true),
    subtitles: z.record(z.string(), subtitleSourceSchema).default(() => ({})),
    export_srt: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    const scriptLanguages = Object.keys(request.subtitles);
    for (const code of scriptLanguages) {
      if (!isLanguageCode(code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['subtitles', code],
          message: `Unsupported language code: "${code}".`,
        });
      }
    }
    if (scriptLanguages.length > 0) {
      // The service wants the script set to equal `languages` exactly and names the difference.
      const missing = request.languages.filter((code) => !scriptLanguages.includes(code));
      const extra = scriptLanguages.filter(
        (code) => !(request.languages as string[]).includes(code),
      );
      if (missing.length > 0 || extra.length > 0) {
        const parts = [
          missing.length > 0 ? `missing scripts for ${missing.join(', ')}` : '',
          extra.length > 0 ? `scripts for languages not requested: ${extra.join(', ')}` : '',
        ].filter(Boolean);
        ctx.addIssue({
          code: 'custom',
          path: ['subtitles'],
          message: `Give one script per requested language (${parts.join('; ')}).`,
        });
      }
    }
    if (request.export_srt && scriptLanguages.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['export_srt'],
        message: 'Exporting subtitles needs a script per language.',
      });
    }
  });
export type DubbingRequest = z.output<typeof dubbingRequestSchema>;

export function dubbingForm(request: DubbingRequest): FormParts {
  const parts: FormParts = { fields: {}, files: {} };
  if (request.video !== undefined) parts.files.video = request.video;
  if (request.video_url !== undefined) parts.fields.video_url = request.video_url;
  parts.fields.languages = JSON.stringify(request.languages);
  parts.fields.ducking = formBool(request.ducking);
  parts.fields.lipsync = formBool(request.lipsync);
  for (const [code, source] of Object.entries(request.subtitles)) {
    const name = `subtitles[${code}]`;
    if ('file' in source) parts.files[name] = source.file;
    else parts.fields[name] = source.url;
  }
  parts.fields.export_srt = formBool(request.export_srt);
  return parts;
}
