import { AUDIO_FORMATS, LIMITS } from '../../shared/api/limits';
import type { Segment } from '../../shared/api/segments';
import type { AudioFormat } from '../audio/encode';
import { analyzeVideo } from '../media/analysis';
import type { VideoSfxSpec } from '../sfx/index';
import { ok, type Checked, type PrepareContext } from '../server/endpoint';

/** What both video sound-effect endpoints keep from a request. */
export interface VideoSfxInput {
  videoPath: string;
  durationSeconds: number;
  hasAudio: boolean;
  videoCodec?: string;
  prompt?: string;
  segments?: Segment[];
  format: AudioFormat;
}

/**
 * Shared validation (docs/api-notes.md 6.5/6.6): prompt ≤ 2000, `audio_format` (400 when not one of
 * the four; ignored by video-to-video-sfx), exactly one of video/video_url with a picture,
 * the 180 s cap, and SFX-shape segments whose last end fits the video.
 */
export async function prepareVideoSfx(
  ctx: PrepareContext,
  options: { readsAudioFormat: boolean },
): Promise<Checked<VideoSfxInput>> {
  const f = ctx.fields;
  const prompt = f.string('prompt', { max: LIMITS.promptMaxChars });
  const format = options.readsAudioFormat
    ? f.choice('audio_format', AUDIO_FORMATS, 'aac', 400)
    : 'aac';
  if (f.failed) return { ok: false, error: f.rejection() };
  // Shape and contiguity first, so a malformed list is refused before any upload is probed.
  const shape = ctx.parseSegments('segments');
  if (!shape.ok) return shape;
  const media = await ctx.resolveMedia({ requireVideo: true });
  if (!media.ok) return media;
  const { probe } = media.value;
  const segments = ctx.parseSegments('segments', probe.durationSeconds);
  if (!segments.ok) return segments;
  const trimmed = prompt?.trim();
  return ok({
    videoPath: media.value.path,
    durationSeconds: probe.durationSeconds,
    hasAudio: probe.hasAudio,
    ...(probe.videoCodec ? { videoCodec: probe.videoCodec } : {}),
    ...(trimmed ? { prompt: trimmed } : {}),
    ...(segments.value ? { segments: segments.value } : {}),
    format,
  });
}

/** Cuts and motion peaks of the picture, turned into the sound-effects timeline request. */
export async function videoSfxSpec(
  input: VideoSfxInput,
  signal: AbortSignal,
): Promise<{ ok: true; value: VideoSfxSpec } | { ok: false; message: string }> {
  const analysis = await analyzeVideo(input.videoPath, { signal });
  if (!analysis.ok) return analysis;
  return ok({
    durationSeconds: input.durationSeconds,
    cuts: analysis.value.cuts,
    motionPeaks: analysis.value.motionPeaks,
    ...(input.prompt ? { prompt: input.prompt } : {}),
    ...(input.segments ? { segments: input.segments } : {}),
  });
}
