import { z } from 'zod';
import { AUDIO_FORMATS, LIMITS } from '../limits';
import {
  addSegmentIssues,
  optionalPromptSchema,
  requireExactlyOne,
  requiredPromptSchema,
  segmentItemsSchema,
  setSegments,
  setText,
  videoForm,
  videoSourceShape,
  wholeSecondsSchema,
  type FormParts,
} from './common';

/**
 * audio_format: wav, mp3, aac or flac (docs/api-notes.md 6.4). The server's own default is aac; the
 * app always sends its choice, and defaults to the same aac (delivered as .m4a).
 */
const audioFormatSchema = z.enum(AUDIO_FORMATS).default('aac');

export const textToSfxRequestSchema = z.strictObject({
  prompt: requiredPromptSchema(LIMITS.promptMaxChars, 'Describe the sound you want.'),
  duration: wholeSecondsSchema(LIMITS.textToSfxDuration),
  audio_format: audioFormatSchema,
});
export type TextToSfxRequest = z.output<typeof textToSfxRequestSchema>;

export const videoToSfxRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
    audio_format: audioFormatSchema,
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    if (request.segments) addSegmentIssues(ctx, request.segments);
  });
export type VideoToSfxRequest = z.output<typeof videoToSfxRequestSchema>;

export const videoToVideoSfxRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    if (request.segments) addSegmentIssues(ctx, request.segments);
  });
export type VideoToVideoSfxRequest = z.output<typeof videoToVideoSfxRequestSchema>;

export function textToSfxForm(request: TextToSfxRequest): FormParts {
  return {
    fields: {
      prompt: request.prompt,
      duration: String(request.duration),
      audio_format: request.audio_format,
    },
    files: {},
  };
}

export function videoToSfxForm(request: VideoToSfxRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  setSegments(parts, request.segments);
  parts.fields.audio_format = request.audio_format;
  return parts;
}

export function videoToVideoSfxForm(request: VideoToVideoSfxRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  setSegments(parts, request.segments);
  return parts;
}
