import { z } from 'zod';
import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../limits';
import {
  addSegmentIssues,
  formBool,
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

/** stream = 200 NDJSON (default); async = 202 task (spec; docs/api-notes.md 6.1, 6.2). */
export const MUSIC_MODES = ['stream', 'async'] as const;
export type MusicMode = (typeof MUSIC_MODES)[number];

/** The stream always carries m4a; other formats are async finalize-time transcodes (docs/api-notes.md 4.2). */
function addStreamFormatIssue(
  ctx: z.RefinementCtx,
  request: { mode: MusicMode; output_format: string },
): void {
  if (request.mode === 'stream' && request.output_format !== 'm4a') {
    ctx.addIssue({
      code: 'custom',
      path: ['output_format'],
      message: 'A stream always delivers m4a. Choose async delivery for WAV or MP3.',
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
  })
  .superRefine((request, ctx) => {
    addStreamFormatIssue(ctx, request);
    // The requested duration is known here, so the last-end rule is checked at once.
    if (request.segments) addSegmentIssues(ctx, request.segments, request.duration);
  });
export type TextToMusicRequest = z.output<typeof textToMusicRequestSchema>;

export const videoToMusicRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    segments: segmentItemsSchema.optional(),
    mode: z.enum(MUSIC_MODES).default('stream'),
    output_format: z.enum(MUSIC_OUTPUT_FORMATS).default('m4a'),
    preserve_speech: z.boolean().default(false),
    // The live service defaults to false since 2026-08-05 (docs/api-notes.md 11.2); the app sends it.
    ducking: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    requireExactlyOne(request, ctx, 'video', 'video_url', 'video');
    addStreamFormatIssue(ctx, request);
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

export const videoToVideoMusicRequestSchema = z
  .strictObject({
    ...videoSourceShape,
    prompt: optionalPromptSchema(),
    preserve_speech: z.boolean().default(false),
  })
  .superRefine((request, ctx) => requireExactlyOne(request, ctx, 'video', 'video_url', 'video'));
export type VideoToVideoMusicRequest = z.output<typeof videoToVideoMusicRequestSchema>;

export function textToMusicForm(request: TextToMusicRequest): FormParts {
  const parts: FormParts = {
    fields: { prompt: request.prompt, duration: String(request.duration) },
    files: {},
  };
  parts.fields.mode = request.mode;
  if (request.mode === 'async') parts.fields.output_format = request.output_format;
  setSegments(parts, request.segments);
  return parts;
}

export function videoToMusicForm(request: VideoToMusicRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  setSegments(parts, request.segments);
  parts.fields.mode = request.mode;
  // Async-only fields are left off a stream request, which the service refuses with them (docs/api-notes.md 3.2).
  if (request.mode === 'async') {
    parts.fields.output_format = request.output_format;
    parts.fields.preserve_speech = formBool(request.preserve_speech);
    parts.fields.ducking = formBool(request.ducking);
  }
  return parts;
}

export function videoToVideoMusicForm(request: VideoToVideoMusicRequest): FormParts {
  const parts = videoForm(request);
  setText(parts, 'prompt', request.prompt);
  parts.fields.preserve_speech = formBool(request.preserve_speech);
  return parts;
}
