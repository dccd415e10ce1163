import type { z } from 'zod';
import type { TaskType } from '../task-types';
import { problemsFromZod, type FormParts, type RequestResult } from './common';
import { videoAnalysisForm, videoAnalysisRequestSchema } from './analysis';
import { audioDuckingForm, audioDuckingRequestSchema } from './ducking';
import { dubbingForm, dubbingRequestSchema } from './dubbing';
import {
  textToMusicForm,
  textToMusicRequestSchema,
  videoToMusicForm,
  videoToMusicRequestSchema,
  videoToVideoMusicForm,
  videoToVideoMusicRequestSchema,
} from './music';
import { proofreadForm, proofreadRequestSchema } from './proofread';
import {
  textToSfxForm,
  textToSfxRequestSchema,
  videoToSfxForm,
  videoToSfxRequestSchema,
  videoToVideoSfxForm,
  videoToVideoSfxRequestSchema,
} from './sfx';
import {
  videoToSoundForm,
  videoToSoundRequestSchema,
  videoToVideoSoundForm,
  videoToVideoSoundRequestSchema,
} from './sound';

/** The request schema of every POST endpoint, by task type. */
export const TASK_REQUEST_SCHEMAS = {
  text_to_music: textToMusicRequestSchema,
  video_to_music: videoToMusicRequestSchema,
  video_to_video_music: videoToVideoMusicRequestSchema,
  text_to_sfx: textToSfxRequestSchema,
  video_to_sfx: videoToSfxRequestSchema,
  video_to_video_sfx: videoToVideoSfxRequestSchema,
  video_to_sound: videoToSoundRequestSchema,
  video_to_video_sound: videoToVideoSoundRequestSchema,
  audio_ducking: audioDuckingRequestSchema,
  dubbing: dubbingRequestSchema,
  proofread: proofreadRequestSchema,
  video_analysis: videoAnalysisRequestSchema,
} as const satisfies Record<TaskType, z.ZodType>;

type Schemas = typeof TASK_REQUEST_SCHEMAS;
/** A validated request, every default filled in. */
export type TaskRequest<T extends TaskType> = z.output<Schemas[T]>;
/** What the app may pass before validation (defaults may be left out). */
export type TaskRequestInput<T extends TaskType> = z.input<Schemas[T]>;

const FORM_RENDERERS: { [T in TaskType]: (request: TaskRequest<T>) => FormParts } = {
  text_to_music: textToMusicForm,
  video_to_music: videoToMusicForm,
  video_to_video_music: videoToVideoMusicForm,
  text_to_sfx: textToSfxForm,
  video_to_sfx: videoToSfxForm,
  video_to_video_sfx: videoToVideoSfxForm,
  video_to_sound: videoToSoundForm,
  video_to_video_sound: videoToVideoSoundForm,
  audio_ducking: audioDuckingForm,
  dubbing: dubbingForm,
  proofread: proofreadForm,
  video_analysis: videoAnalysisForm,
};

/** Validates a request for `type` against the service's rules; problems are values. */
export function parseTaskRequest<T extends TaskType>(
  type: T,
  input: unknown,
): RequestResult<TaskRequest<T>> {
  const parsed = TASK_REQUEST_SCHEMAS[type].safeParse(input);
  if (!parsed.success) return { ok: false, error: problemsFromZod(parsed.error) };
  return { ok: true, value: parsed.data as TaskRequest<T> };
}

/**
 * Renders a validated request into wire form fields (docs/api-notes.md 1.4): booleans 'true'/'false',
 * integers as decimal strings, JSON text for segments and languages, `subtitles[<lang>]` keys,
 * file parts as part name -> local path. Every setting the app decides is sent explicitly;
 * blank optional prompts and fields that do not apply to the delivery are omitted.
 */
export function toFormFields<T extends TaskType>(type: T, request: TaskRequest<T>): FormParts {
  return FORM_RENDERERS[type](request);
}

/** Whether the job is delivered as an NDJSON stream (music without mode=async) or as a task. */
export function requestDelivery<T extends TaskType>(
  type: T,
  request: TaskRequest<T>,
): 'stream' | 'async' {
  if (type === 'text_to_music' || type === 'video_to_music') {
    return (request as TaskRequest<'text_to_music' | 'video_to_music'>).mode;
  }
  return 'async';
}
