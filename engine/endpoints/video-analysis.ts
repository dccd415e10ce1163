import { LIMITS } from '../../shared/api/limits';
import { analyzeVideo } from '../media/analysis';
import { buildBrief, type BriefMode } from '../media/brief';
import { defineAsyncEndpoint, ok, taskFailure } from '../server/endpoint';

interface VideoAnalysisInput {
  videoPath: string;
  durationSeconds: number;
  prompt?: string;
  variants: number;
  mode: BriefMode;
}

const MODES = ['both', 'music', 'sfx'] as const;

/**
 * POST /v1/video-analysis (spec; docs/api-notes.md 6.12): a creative brief built from what one
 * decode pass measures (cuts, light, motion, colour) plus the prompt. No media output. Billed
 * per brief (× variants_num), each with the 10 s floor; a video without a picture is a 422.
 */
export const videoAnalysisEndpoint = defineAsyncEndpoint<VideoAnalysisInput>({
  type: 'video_analysis',
  failureCode: 'ANALYSIS_FAILED',
  async prepare(_form, ctx) {
    const f = ctx.fields;
    const prompt = f.string('prompt', { max: LIMITS.promptMaxChars });
    const variants = f.int('variants_num', {
      default: 1,
      min: LIMITS.variantsNum.min,
      max: LIMITS.variantsNum.max,
    });
    const mode = f.choice('mode', MODES, 'both');
    if (f.failed) return { ok: false, error: f.rejection() };
    const media = await ctx.resolveMedia({ requireVideo: true });
    if (!media.ok) return media;
    const trimmed = prompt?.trim();
    return ok({
      videoPath: media.value.path,
      durationSeconds: media.value.probe.durationSeconds,
      variants,
      mode,
      ...(trimmed ? { prompt: trimmed } : {}),
    });
  },
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  async run(input, ctx) {
    const analysis = await analyzeVideo(input.videoPath, { signal: ctx.signal });
    if (!analysis.ok) return taskFailure('ANALYSIS_FAILED', analysis.message);
    ctx.log(
      `analysis: ${analysis.value.cuts.length} cuts, ${analysis.value.motionPeaks.length} motion peaks`,
    );
    const brief = buildBrief(analysis.value, {
      prompt: input.prompt,
      variantsNum: input.variants,
      mode: input.mode,
    });
    return { ...brief, ...(input.variants > 1 ? { variants_num: input.variants } : {}) };
  },
});
