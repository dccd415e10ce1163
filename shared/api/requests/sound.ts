import { z } from 'zod';
import { MUSIC_OUTPUT_FORMATS } from '../limits';
import type { Segment } from '../segments';
import {
  addSegmentIssues,
  formBool,
  optionalPromptSchema,
  requireExactlyOne,
  segmentItemsSchema,
  setSegments,
  setText,
  variantsSchema,
  videoForm,
  videoSourceShape,
  type FormParts,
} from './common';

/** The fields video-to-sound and video-to-video-sound share (docs/api-notes.md 6.7, 6.8). */
const soundShape = {
  ...videoSourceShape,
  music_prompt: optionalPromptSchema(),
  sfx_prompt: optionalPromptSchema(),
  // Effects-shaped segments; they apply to the sound-effects side.
  segments: segmentItemsSchema.optional(),
  preserve_speech: z.boolean().default(false),
  // Live default is false (docs/api-notes.md 11.2); MCP, like the app, always sends it.
  ducking: z.boolean().default(false),
  variants_num: variantsSchema(),
};

function checkSound(
  request: { video?: string; video_url?: string; segments?: Segment[] },
  ctx: z.RefinementCtx,
): void {
  requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
  if (request.segments) addSegmentIssues(ctx, request.segments);
}

/**
 * video-to-sound: the combined track as wav (the service's default), m4a or mp3. Here `ducking`
 * is what brings the source's own sound in; keep_original_sound is refused, so the app has no
 * such field for it (6.7). isolate_vocals is a legacy alias the app never sends.
 */
export const videoToSoundRequestSchema = z
  .strictObject({ ...soundShape, output_format: z.enum(MUSIC_OUTPUT_FORMATS).default('wav') })
  .superRefine(checkSound);
export type VideoToSoundRequest = z.output<typeof videoToSoundRequestSchema>;

/** video-to-video-sound: always an mp4; keep_original_sound keeps the whole source track (6.8). */
export const videoToVideoSoundRequestSchema = z
  .strictObject({ ...soundShape, keep_original_sound: z.boolean().default(false) })
  .superRefine(checkSound);
export type VideoToVideoSoundRequest = z.output<typeof videoToVideoSoundRequestSchema>;

function soundForm(request: VideoToSoundRequest | VideoToVideoSoundRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'music_prompt', request.music_prompt);
  setText(parts, 'sfx_prompt', request.sfx_prompt);
  setSegments(parts, request.segments);
  parts.fields.preserve_speech = formBool(request.preserve_speech);
  parts.fields.ducking = formBool(request.ducking);
  parts.fields.variants_num = String(request.variants_num);
  return parts;
}

export function videoToSoundForm(request: VideoToSoundRequest): FormParts {
  const parts = soundForm(request);
  parts.fields.output_format = request.output_format;
  return parts;
}

export function videoToVideoSoundForm(request: VideoToVideoSoundRequest): FormParts {
  const parts = soundForm(request);
  parts.fields.keep_original_sound = formBool(request.keep_original_sound);
  return parts;
}
