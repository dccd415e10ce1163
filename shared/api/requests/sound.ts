import { z } from 'zod';
import {
  addSegmentIssues,
  formBool,
  optionalPromptSchema,
  requireExactlyOne,
  segmentItemsSchema,
  setSegments,
  setText,
  videoForm,
  videoSourceShape,
  type FormParts,
} from './common';

/**
 * video-to-sound and video-to-video-sound take the same fields (spec). Segments apply to the
 * sound-effects side; isolate_vocals is a legacy alias the app never sends (docs/api-notes.md 6.7).
 */
export const videoToSoundRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    music_prompt: optionalPromptSchema(),
    sfx_prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
    preserve_speech: z.boolean().default(false),
    // Live default is false (docs/api-notes.md 11.2); MCP, like the app, always sends it.
    ducking: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    if (request.segments) addSegmentIssues(ctx, request.segments);
  });
export type VideoToSoundRequest = z.output<typeof videoToSoundRequestSchema>;

export const videoToVideoSoundRequestSchema = videoToSoundRequestSchema;
export type VideoToVideoSoundRequest = VideoToSoundRequest;

export function videoToSoundForm(request: VideoToSoundRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'music_prompt', request.music_prompt);
  setText(parts, 'sfx_prompt', request.sfx_prompt);
  setSegments(parts, request.segments);
  parts.fields.preserve_speech = formBool(request.preserve_speech);
  parts.fields.ducking = formBool(request.ducking);
  return parts;
}
