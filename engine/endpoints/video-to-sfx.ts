import { renderSfxForVideo } from '../sfx/index';
import { defineAsyncEndpoint, taskFailure } from '../server/endpoint';
import { prepareVideoSfx, videoSfxSpec, type VideoSfxInput } from './video-sfx-shared';

/**
 * POST /v1/video-to-sfx (docs/api-notes.md 6.5): an effects track as long as the video, with
 * one-shots on its cuts and motion peaks and ambience per segment. Result: `audio` only.
 */
export const videoToSfxEndpoint = defineAsyncEndpoint<VideoSfxInput>({
  type: 'video_to_sfx',
  prepare: (_form, ctx) => prepareVideoSfx(ctx, { readsAudioFormat: true }),
  billing: (input) => ({ seconds: input.durationSeconds }),
  async run(input, ctx) {
    const spec = await videoSfxSpec(input, ctx.signal);
    if (!spec.ok) return taskFailure('GENERATION_FAILED', spec.message);
    ctx.log(
      `video-to-sfx: ${spec.value.cuts.length} cuts, ${spec.value.motionPeaks.length} motion peaks`,
    );
    const file = await renderSfxForVideo(spec.value, {
      workDir: ctx.workDir,
      format: input.format,
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey: ctx.watermarkKey,
    });
    const published = await ctx.publish(file.path, {
      contentType: file.contentType,
      ext: file.ext,
      name: 'sfx',
    });
    return { audio: { ...published, sample_rate: 44100, channels: 2 } };
  },
});
