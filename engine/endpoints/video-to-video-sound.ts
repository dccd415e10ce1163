import { defineAsyncEndpoint } from '../server/endpoint';
import { readVideoSoundForm } from './video-sound-fields';
import { runVideoSound, type VideoSoundInput } from './video-sound-pipeline';

/**
 * POST /v1/video-to-video-sound (spec; docs/api-notes.md 6.8): the finished soundtrack (music +
 * effects, plus the kept voice source if asked) muxed under the original picture, which is
 * stream-copied. Billed per second of video per variant; 1 free call; preserve_speech and
 * ducking are free.
 */
export const videoToVideoSoundEndpoint = defineAsyncEndpoint<VideoSoundInput>({
  type: 'video_to_video_sound',
  prepare: (_form, ctx) => readVideoSoundForm(ctx, 'video'),
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  run: runVideoSound,
});
