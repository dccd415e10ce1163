import { z } from 'zod';
import { AUDIO_EXTENSIONS } from '../limits';
import {
  extensionOf,
  httpUrlSchema,
  localPathSchema,
  requireExactlyOne,
  type FormParts,
} from './common';

/**
 * One voice input and one music input, each a file or a URL; a file and a URL may be mixed
 * across the two pairs. The voice may be audio or video; the music must be audio, because the
 * service never probes it for video and would mishandle one (docs/api-notes.md 6.9).
 */
export const audioDuckingRequestSchema = z
  .strictObject({
    voice_file: localPathSchema.optional(),
    voice_url: httpUrlSchema.optional(),
    music_file: localPathSchema
      .refine(
        (path) => (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(path)),
        `The music must be an audio file (${AUDIO_EXTENSIONS.join(', ')}).`,
      )
      .optional(),
    music_url: httpUrlSchema.optional(),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'voice_file', 'voice_url', 'voice');
    requireExactlyOne(request, ctx, 'music_file', 'music_url', 'music');
  });
export type AudioDuckingRequest = z.output<typeof audioDuckingRequestSchema>;

export function audioDuckingForm(request: AudioDuckingRequest): FormParts {
  const parts: FormParts = { fields: {}, files: {} };
  if (request.voice_file !== undefined) parts.files.voice_file = request.voice_file;
  if (request.voice_url !== undefined) parts.fields.voice_url = request.voice_url;
  if (request.music_file !== undefined) parts.files.music_file = request.music_file;
  if (request.music_url !== undefined) parts.fields.music_url = request.music_url;
  return parts;
}
