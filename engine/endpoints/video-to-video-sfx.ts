import { join } from 'node:path';
import { mixOverVideo } from '../audio/mux';
import { renderSfxForVideo } from '../sfx/index';
import { defineAsyncEndpoint, taskFailure } from '../server/endpoint';
import { prepareVideoSfx, videoSfxSpec, type VideoSfxInput } from './video-sfx-shared';

/**
 * POST /v1/video-to-video-sfx (docs/api-notes.md 6.6): the video's effects track mixed over its own
 * soundtrack (when it has one), picture stream-copied. Result: `videos[]` (one entry) + `video`.
 */
export const videoToVideoSfxEndpoint = defineAsyncEndpoint<VideoSfxInput>({
  type: 'video_to_video_sfx',
  prepare: (_form, ctx) => prepareVideoSfx(ctx, { readsAudioFormat: false }),
  billing: (input) => ({ seconds: input.durationSeconds }),
  async run(input, ctx) {
    const spec = await videoSfxSpec(input, ctx.signal);
    if (!spec.ok) return taskFailure('GENERATION_FAILED', spec.message);
    const sfx = await renderSfxForVideo(spec.value, {
      workDir: ctx.workDir,
      format: 'wav',
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey: ctx.watermarkKey,
    });
    const outPath = join(ctx.workDir, 'video-sfx.mp4');
    await mixOverVideo({
      videoPath: input.videoPath,
      generatedWavPath: sfx.path,
      keepOriginal: input.hasAudio,
      videoCodec: input.videoCodec,
      outPath,
      scratchWavPath: join(ctx.workDir, 'video-sfx-mix.wav'),
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey: ctx.watermarkKey,
      signal: ctx.signal,
    });
    const video = await ctx.publish(outPath, {
      contentType: 'video/mp4',
      ext: 'mp4',
      name: 'video',
    });
    return { videos: [video], video };
  },
});
