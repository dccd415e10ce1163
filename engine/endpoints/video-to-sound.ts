import { defineAsyncEndpoint } from '../server/endpoint';
import { readVideoSoundForm } from './video-sound-fields';
import { runVideoSound, type VideoSoundInput } from './video-sound-pipeline';

/**
 * POST /v1/video-to-sound (docs/api-notes.md 6.7): a combined music + effects track for a video,
 * delivered as audio (wav by default, m4a or mp3), with the stems. Billed per second of video
 * per variant; preserve_speech and ducking are free.
 */
export const videoToSoundEndpoint = defineAsyncEndpoint<VideoSoundInput>({
  type: 'video_to_sound',
  prepare: (_form, ctx) => readVideoSoundForm(ctx, 'audio'),
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  run: runVideoSound,
});
