import { LIMITS } from '../../shared/api/limits';
import { ok, reject, type Checked, type PrepareContext } from '../server/endpoint';
import type { VideoSoundInput } from './video-sound-pipeline';

const AUDIO_OUTPUTS = ['wav', 'm4a', 'mp3'] as const;
/** Sound tasks take up to 10 variants (docs/api-notes.md 7), unlike video-analysis's 5. */
const MAX_VARIANTS = 10;

/**
 * The shared form of video-to-sound and video-to-video-sound (docs/api-notes.md 6.7, 6.8): prompts,
 * SFX-shaped segments checked against the video's duration, preserve_speech (ORed with
 * isolate_vocals), ducking (default false), variants_num. video-to-sound adds output_format and
 * refuses keep_original_sound; video-to-video-sound adds keep_original_sound and always
 * delivers an mp4.
 */
export async function readVideoSoundForm(
  ctx: PrepareContext,
  kind: 'audio' | 'video',
): Promise<Checked<VideoSoundInput>> {
  const f = ctx.fields;
  const musicPrompt = f.string('music_prompt', { max: LIMITS.promptMaxChars })?.trim();
  const sfxPrompt = f.string('sfx_prompt', { max: LIMITS.promptMaxChars })?.trim();
  const preserveSpeech = ctx.preserveSpeech();
  const ducking = f.bool('ducking', false);
  const variants = f.int('variants_num', { default: 1, min: 1, max: MAX_VARIANTS });
  const output = kind === 'audio' ? f.choice('output_format', AUDIO_OUTPUTS, 'wav') : 'mp4';
  const keepOriginalSound = kind === 'video' ? f.bool('keep_original_sound', false) : false;
  if (kind === 'audio' && f.bool('keep_original_sound', false)) {
    f.problem(
      'keep_original_sound',
      'keep_original_sound is not accepted on video-to-sound; use ducking=true to keep the source audio',
    );
  }
  if (f.failed) return { ok: false, error: f.rejection() };
  const media = await ctx.resolveMedia({ requireVideo: true });
  if (!media.ok) return media;
  const { durationSeconds, hasAudio } = media.value.probe;
  const segments = ctx.parseSegments('segments', durationSeconds);
  if (!segments.ok) return segments;
  if (durationSeconds < 1)
    return reject(422, 'unprocessable_entity', 'The video must be at least 1 second long');
  return ok({
    videoPath: media.value.path,
    durationSeconds,
    hasAudio,
    preserveSpeech,
    ducking,
    keepOriginalSound,
    variants,
    output,
    ...(musicPrompt ? { musicPrompt } : {}),
    ...(sfxPrompt ? { sfxPrompt } : {}),
    ...(segments.value ? { segments: segments.value } : {}),
  });
}
