import { z } from 'zod';
import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../limits';
import {
  addSegmentIssues,
  formBool,
  formNumber,
  optionalPromptSchema,
  promptInfluenceSchema,
  requireExactlyOne,
  requiredPromptSchema,
  segmentItemsSchema,
  setSegments,
  setText,
  variantsSchema,
  videoForm,
  videoSourceShape,
  wholeSecondsSchema,
  type FormParts,
} from './common';

/** stream = 200 NDJSON (default); async = 202 task (spec; docs/api-notes.md 6.1, 6.2). */
export const MUSIC_MODES = ['stream', 'async'] as const;
export type MusicMode = (typeof MUSIC_MODES)[number];

/**
 * What a stream cannot carry (docs/api-notes.md 3.2, 4.2): it is always one m4a take, so other
 * formats, several variants and stems need async delivery; the service answers 400 otherwise.
 */
function addStreamIssues(
  ctx: z.RefinementCtx,
  request: { mode: MusicMode; output_format: string; variants_num: number; stems: boolean },
): void {
  if (request.mode !== 'stream') return;
  if (request.output_format !== 'm4a') {
    ctx.addIssue({
      code: 'custom',
      path: ['output_format'],
      message: 'A stream always delivers m4a. Choose async delivery for WAV or MP3.',
    });
  }
  if (request.variants_num > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['variants_num'],
      message: 'A stream carries one take. Choose async delivery for several variants.',
    });
  }
  if (request.stems) {
    ctx.addIssue({
      code: 'custom',
      path: ['stems'],
      message: 'This setting needs async delivery.',
    });
  }
}

export const textToMusicRequestSchema = z
  .strictObject({
    prompt: requiredPromptSchema(LIMITS.textToMusicPromptMaxChars, 'Describe the music you want.'),
    duration: wholeSecondsSchema(LIMITS.textToMusicDuration),
    mode: z.enum(MUSIC_MODES).default('stream'),
    output_format: z.enum(MUSIC_OUTPUT_FORMATS).default('m4a'),
    segments: segmentItemsSchema.optional(),
    variants_num: variantsSchema(),
    stems: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    addStreamIssues(ctx, request);
    // The requested duration is known here, so the last-end rule is checked at once.
    if (request.segments) addSegmentIssues(ctx, request.segments, request.duration);
  });
export type TextToMusicRequest = z.output<typeof textToMusicRequestSchema>;

export const videoToMusicRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
    // Allowed on a stream too (docs/api-notes.md 6.2).
    prompt_influence: promptInfluenceSchema(),
    mode: z.enum(MUSIC_MODES).default('stream'),
    output_format: z.enum(MUSIC_OUTPUT_FORMATS).default('m4a'),
    preserve_speech: z.boolean().default(false),
    // The live service defaults to false since 2026-08-05 (docs/api-notes.md 11.2); the app sends it.
    ducking: z.boolean().default(false),
    variants_num: variantsSchema(),
    stems: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    addStreamIssues(ctx, request);
    if (request.mode === 'stream') {
      // The service answers 400 when these reach a stream request (docs/api-notes.md 3.2, 6.2).
      for (const key of ['preserve_speech', 'ducking'] as const) {
        if (request[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'This setting needs async delivery.',
          });
        }
      }
    }
    if (request.segments) addSegmentIssues(ctx, request.segments);
  });
export type VideoToMusicRequest = z.output<typeof videoToMusicRequestSchema>;

/**
 * Always async (docs/api-notes.md 6.3). The result is the music alone unless a voice source is
 * kept: keep_original_sound (the whole track; wins over preserve_speech) or preserve_speech (the
 * isolated speech); ducking picks a dynamic duck over a static mix of that voice.
 */
export const videoToVideoMusicRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
    prompt_influence: promptInfluenceSchema(),
    keep_original_sound: z.boolean().default(false),
    preserve_speech: z.boolean().default(false),
    ducking: z.boolean().default(false),
    variants_num: variantsSchema(),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    if (request.segments) addSegmentIssues(ctx, request.segments);
  });
export type VideoToVideoMusicRequest = z.output<typeof videoToVideoMusicRequestSchema>;

export function textToMusicForm(request: TextToMusicRequest): FormParts {
  const parts: FormParts = {
    fields: { prompt: request.prompt, duration: String(request.duration) },
    files: {},
  };
  parts.fields.mode = request.mode;
  if (request.mode === 'async') {
    parts.fields.output_format = request.output_format;
    parts.fields.variants_num = String(request.variants_num);
    parts.fields.stems = formBool(request.stems);
  }
  setSegments(parts, request.segments);
  return parts;
}

export function videoToMusicForm(request: VideoToMusicRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  setSegments(parts, request.segments);
  parts.fields.prompt_influence = formNumber(request.prompt_influence);
  parts.fields.mode = request.mode;
  // Async-only fields are left off a stream request, which the service refuses with them (docs/api-notes.md 3.2).
  if (request.mode === 'async') {
    parts.fields.output_format = request.output_format;
    parts.fields.preserve_speech = formBool(request.preserve_speech);
    parts.fields.ducking = formBool(request.ducking);
    parts.fields.variants_num = String(request.variants_num);
    parts.fields.stems = formBool(request.stems);
  }
  return parts;
}

export function videoToVideoMusicForm(request: VideoToVideoMusicRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  setSegments(parts, request.segments);
  parts.fields.prompt_influence = formNumber(request.prompt_influence);
  parts.fields.keep_original_sound = formBool(request.keep_original_sound);
  parts.fields.preserve_speech = formBool(request.preserve_speech);
  parts.fields.ducking = formBool(request.ducking);
  parts.fields.variants_num = String(request.variants_num);
  return parts;
}
