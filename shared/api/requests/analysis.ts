import { z } from 'zod';
import { LIMITS } from '../limits';
import {
  optionalPromptSchema,
  requireExactlyOne,
  setText,
  videoForm,
  videoSourceShape,
  type FormParts,
} from './common';

/** both (default) returns the music and the sound-design brief; music or sfx only one. Same price. */
export const ANALYSIS_MODES = ['both', 'music', 'sfx'] as const;
export type AnalysisMode = (typeof ANALYSIS_MODES)[number];

export const videoAnalysisRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    variants_num: z
      .number()
      .int('The number of variants must be a whole number.')
      .min(LIMITS.variantsNum.min, `Ask for at least ${LIMITS.variantsNum.min} variant.`)
      .max(LIMITS.variantsNum.max, `Ask for at most ${LIMITS.variantsNum.max} variants.`)
      .default(1),
    mode: z.enum(ANALYSIS_MODES).default('both'),
  })
  .superRefine((request, ctx) => requireExactlyOne(request, ctx, 'video', 'video_url', 'video'));
export type VideoAnalysisRequest = z.output<typeof videoAnalysisRequestSchema>;

export function videoAnalysisForm(request: VideoAnalysisRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  parts.fields.variants_num = String(request.variants_num);
  parts.fields.mode = request.mode;
  return parts;
}
