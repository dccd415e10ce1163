import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { muxAudioWithVideo } from '../media/mux';
import type { SpeechSpan } from '../media/vad';
import { renderMusicFile } from '../music/index';
import {
  isolatedSpeech,
  musicUnderVoice,
  originalSoundtrack,
  speechOf,
  type VoiceContext,
} from '../music/video/voice-mixes';
import {
  defineAsyncEndpoint,
  ok,
  reject,
  TaskError,
  type PublishedFile,
  type RunContext,
} from '../server/endpoint';
import { DEFAULT_WATERMARK_KEY } from '../watermark';
import {
  analyseOrThrow,
  readVideoMusicRequest,
  videoMusicSpec,
  type VideoMusicInput,
} from './video-to-music';

interface VideoToVideoMusicInput extends VideoMusicInput {
  keepOriginalSound: boolean;
}

/** Pictures the live service refuses here (docs/api-notes.md 6.3): animated GIF and VP8 WebM. */
const REFUSED_CODECS = new Set(['gif', 'vp8']);

interface VoiceSource {
  wavPath: string;
  speech: SpeechSpan[];
}

/**
 * The kept voice (docs/api-notes.md 6.3): keep_original_sound = the whole original track (wins over
 * preserve_speech), preserve_speech = the isolated speech, otherwise none. Speech spans are
 * only needed to duck. Best effort: any failure means the generated music alone.
 */
async function voiceSource(
  input: VideoToVideoMusicInput,
  voice: VoiceContext,
  ctx: RunContext,
): Promise<VoiceSource | undefined> {
  if (!input.hasAudio || (!input.keepOriginalSound && !input.preserveSpeech)) return undefined;
  const needsSpeech = input.ducking || !input.keepOriginalSound;
  const speech = needsSpeech
    ? await speechOf(input.videoPath, voice)
    : { ok: true as const, value: [] };
  if (!speech.ok) {
    ctx.log(`video-to-video-music: music only (${speech.message})`);
    return undefined;
  }
  const wav = input.keepOriginalSound
    ? await originalSoundtrack(input.videoPath, voice)
    : await isolatedSpeech(input.videoPath, speech.value, voice);
  if (!wav.ok) {
    ctx.log(`video-to-video-music: music only (${wav.message})`);
    return undefined;
  }
  return { wavPath: wav.value, speech: speech.value };
}

/**
 * POST /v1/video-to-video-music (docs/api-notes.md 6.3, 5.4): always async; music composed on the
 * video's cuts replaces its soundtrack (or joins the kept voice, statically or ducked), and the
 * picture is stream-copied into an mp4. Result: `videos[]` (one per variant) + `video`.
 */
export const videoToVideoMusicEndpoint = defineAsyncEndpoint<VideoToVideoMusicInput>({
  type: 'video_to_video_music',
  async prepare(_form, ctx) {
    const keepOriginalSound = ctx.fields.bool('keep_original_sound', false);
    const common = await readVideoMusicRequest(ctx, () => ok(undefined));
    if (!common.ok) return common;
    const codec = common.value.videoCodec ?? '';
    if (REFUSED_CODECS.has(codec)) {
      return reject(
        422,
        'unprocessable_entity',
        `${codec === 'gif' ? 'Animated GIF' : 'VP8 video'} is not accepted; send H.264, HEVC, VP9 or AV1 in mp4, mov, m4v or webm`,
      );
    }
    return ok({ ...common.value, keepOriginalSound });
  },
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  async run(input, ctx) {
    const analysis = await analyseOrThrow(input, ctx.signal);
    const voiceCtx: VoiceContext = {
      workDir: ctx.workDir,
      signal: ctx.signal,
      watermark: { key: ctx.watermarkKey ?? DEFAULT_WATERMARK_KEY, payload: ctx.watermarkPayload },
    };
    const voice = await voiceSource(input, voiceCtx, ctx);
    const videos: PublishedFile[] = [];
    for (let variant = 0; variant < input.variants; variant++) {
      const dir = join(ctx.workDir, `variant-${variant}`);
      await mkdir(dir, { recursive: true });
      // WAV, so the soundtrack is encoded to AAC only once, when it is muxed.
      const music = await renderMusicFile(videoMusicSpec(input, analysis, variant), {
        workDir: dir,
        format: 'wav',
        signal: ctx.signal,
        watermarkPayload: ctx.watermarkPayload,
        watermarkKey: ctx.watermarkKey,
      });
      let soundtrack = music.path;
      if (voice) {
        const mixed = await musicUnderVoice(
          music.path,
          voice.wavPath,
          voice.speech,
          input.ducking,
          `soundtrack-${variant}`,
          { ...voiceCtx, workDir: dir },
        );
        if (mixed.ok) soundtrack = mixed.value;
        else ctx.log(`video-to-video-music: music only (${mixed.message})`);
      }
      const out = join(dir, 'video.mp4');
      const muxed = await muxAudioWithVideo(input.videoPath, soundtrack, out, {
        signal: ctx.signal,
      });
      if (!muxed.ok) throw new TaskError('GENERATION_FAILED', muxed.message);
      videos.push(
        await ctx.publish(out, {
          contentType: 'video/mp4',
          ext: 'mp4',
          name: input.variants > 1 ? `video-${variant + 1}` : 'video',
        }),
      );
    }
    return {
      videos,
      video: videos[0],
      ...(input.variants > 1 ? { variants_num: input.variants } : {}),
    };
  },
});
