import { join } from 'node:path';
import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../../shared/api/limits';
import { checkSegments } from '../../shared/api/segments';
import { analyzeVideo, type VideoAnalysis } from '../media/analysis';
import { renderMusicFile, streamMusic, type MusicFile, type MusicFormat } from '../music/index';
import {
  musicSpecForVideo,
  readMusicSegments,
  type MusicSegment,
} from '../music/video/music-for-video';
import {
  encodeAudio,
  isolatedSpeech,
  musicUnderVoice,
  originalSoundtrack,
  speechOf,
  type VoiceContext,
} from '../music/video/voice-mixes';
import {
  defineStreamEndpoint,
  invalidRequest,
  ok,
  reject,
  TaskError,
  taskFailure,
  type Checked,
  type PrepareContext,
  type RunContext,
  type TaskResultFields,
} from '../server/endpoint';
import { DEFAULT_WATERMARK_KEY } from '../watermark';

/** What both video music endpoints keep from a request (persisted with the task). */
export interface VideoMusicInput {
  videoPath: string;
  durationSeconds: number;
  hasAudio: boolean;
  videoCodec?: string;
  prompt?: string;
  promptInfluence: number;
  segments?: MusicSegment[];
  variants: number;
  preserveSpeech: boolean;
  ducking: boolean;
}

interface VideoToMusicInput extends VideoMusicInput {
  mode: 'stream' | 'async';
  outputFormat: MusicFormat;
}

/** Sound and music tasks take up to 10 variants (docs/api-notes.md 7). */
const MAX_VARIANTS = 10;

/**
 * The fields the two video music endpoints share (docs/api-notes.md 6.2, 6.3): prompt, music-shape
 * segments checked against the video, prompt_influence 0..1 (422 outside), preserve_speech
 * ORed with isolate_vocals, ducking (default false), variants_num, and exactly one of
 * video/video_url with a picture, at most 360 s.
 */
export async function readVideoMusicRequest(
  ctx: PrepareContext,
  checkFields: () => Checked<void>,
): Promise<Checked<VideoMusicInput>> {
  const f = ctx.fields;
  const prompt = f.string('prompt', { max: LIMITS.promptMaxChars })?.trim();
  const promptInfluence = f.number('prompt_influence', { default: 0.5, min: 0, max: 1 });
  const variants = f.int('variants_num', { default: 1, min: 1, max: MAX_VARIANTS });
  const ducking = f.bool('ducking', false);
  const preserveSpeech = ctx.preserveSpeech();
  const rawSegments = f.json('segments');
  const checked = checkFields();
  if (!checked.ok) return checked;
  if (f.failed) return { ok: false, error: f.rejection() };
  const media = await ctx.resolveMedia({ requireVideo: true });
  if (!media.ok) return media;
  const { durationSeconds, hasAudio, videoCodec } = media.value.probe;
  if (durationSeconds < 1)
    return reject(422, 'unprocessable_entity', 'The video must be at least 1 second long');
  let segments: MusicSegment[] | undefined;
  if (rawSegments !== undefined) {
    const parsed = readMusicSegments(rawSegments, durationSeconds);
    if (!parsed.ok) return reject(422, 'unprocessable_entity', parsed.message);
    const problems = checkSegments(parsed.value, durationSeconds);
    if (problems.length > 0)
      return reject(422, 'unprocessable_entity', problems.map((p) => p.message).join(' '));
    segments = parsed.value;
  }
  return ok({
    videoPath: media.value.path,
    durationSeconds,
    hasAudio,
    promptInfluence,
    variants,
    preserveSpeech,
    ducking,
    ...(videoCodec ? { videoCodec } : {}),
    ...(prompt ? { prompt } : {}),
    ...(segments ? { segments } : {}),
  });
}

export async function analyseOrThrow(
  input: VideoMusicInput,
  signal: AbortSignal,
): Promise<VideoAnalysis> {
  const analysed = await analyzeVideo(input.videoPath, { signal });
  if (!analysed.ok) throw new TaskError('GENERATION_FAILED', analysed.message);
  return analysed.value;
}

export function videoMusicSpec(input: VideoMusicInput, analysis: VideoAnalysis, variant: number) {
  return musicSpecForVideo(analysis, {
    durationSeconds: input.durationSeconds,
    promptInfluence: input.promptInfluence,
    variant,
    ...(input.prompt ? { prompt: input.prompt } : {}),
    ...(input.segments ? { segments: input.segments } : {}),
  });
}

const media = (file: { url: string; content_type: string; file_size: number }, index: number) => ({
  stream_index: index,
  ...file,
});

/**
 * preserve_speech: `vocals` (the isolated speech) and `mux[]` (speech + each take, AAC in .mp4);
 * ducking: `ducked[]` (the original soundtrack with each take ducked under its speech). Best
 * effort, as on the live service: a video without usable audio just gets the music.
 */
async function voiceExtras(
  input: VideoToMusicInput,
  takes: MusicFile[],
  ctx: RunContext,
): Promise<TaskResultFields> {
  if (!input.hasAudio || (!input.preserveSpeech && !input.ducking)) return {};
  const voice: VoiceContext = {
    workDir: ctx.workDir,
    signal: ctx.signal,
    watermark: { key: ctx.watermarkKey ?? DEFAULT_WATERMARK_KEY, payload: ctx.watermarkPayload },
  };
  const speech = await speechOf(input.videoPath, voice);
  if (!speech.ok) {
    ctx.log(`video-to-music: no voice extras (${speech.message})`);
    return {};
  }
  const extras: TaskResultFields = {};
  if (input.preserveSpeech) {
    const stem = await isolatedSpeech(input.videoPath, speech.value, voice);
    const vocals = stem.ok ? await encodeAudio(stem.value, 'm4a', 'vocals', voice) : stem;
    if (stem.ok && vocals.ok) {
      extras.vocals = await ctx.publish(vocals.value.path, {
        contentType: vocals.value.contentType,
        ext: vocals.value.ext,
        name: 'vocals',
      });
      const mux = [];
      for (const [index, take] of takes.entries()) {
        const mixed = await musicUnderVoice(
          take.path,
          stem.value,
          speech.value,
          input.ducking,
          `mux-${index}`,
          voice,
        );
        const encoded = mixed.ok
          ? await encodeAudio(mixed.value, 'mp4', `mux-${index}`, voice)
          : mixed;
        if (!encoded.ok) throw new TaskError('GENERATION_FAILED', encoded.message);
        mux.push(
          media(
            await ctx.publish(encoded.value.path, {
              contentType: 'audio/mp4',
              ext: 'mp4',
              name: `mux${takes.length > 1 ? `-${index + 1}` : ''}`,
            }),
            index,
          ),
        );
      }
      extras.mux = mux;
    } else
      ctx.log(
        `video-to-music: speech isolation failed (${stem.ok ? (vocals.ok ? '' : vocals.message) : stem.message})`,
      );
  }
  if (input.ducking) {
    const original = await originalSoundtrack(input.videoPath, voice);
    if (!original.ok) return extras;
    const ducked = [];
    for (const [index, take] of takes.entries()) {
      const mixed = await musicUnderVoice(
        take.path,
        original.value,
        speech.value,
        true,
        `ducked-${index}`,
        voice,
      );
      const encoded = mixed.ok
        ? await encodeAudio(mixed.value, input.outputFormat, `ducked-${index}-out`, voice)
        : mixed;
      if (!encoded.ok) throw new TaskError('GENERATION_FAILED', encoded.message);
      const published = await ctx.publish(encoded.value.path, {
        contentType: encoded.value.contentType,
        ext: encoded.value.ext,
        name: `ducked${takes.length > 1 ? `-${index + 1}` : ''}`,
      });
      ducked.push({ ...media(published, index), sample_rate: 44100, channels: 2 });
    }
    extras.ducked = ducked;
  }
  return extras;
}

/**
 * POST /v1/video-to-music (docs/api-notes.md 6.2): music composed on the video's cuts, as an NDJSON
 * stream (default) or an async task. Async-only settings on a stream are refused with 400.
 */
export const videoToMusicEndpoint = defineStreamEndpoint<VideoToMusicInput>({
  type: 'video_to_music',
  async prepare(_form, ctx) {
    const f = ctx.fields;
    const mode = f.choice('mode', ['stream', 'async'] as const, 'stream');
    const outputFormat = f.choice('output_format', MUSIC_OUTPUT_FORMATS, 'm4a');
    const stems = f.bool('stems', false);
    const common = await readVideoMusicRequest(ctx, () => {
      if (f.failed) return ok(undefined);
      if (mode === 'stream') {
        const asyncOnly = [
          outputFormat !== 'm4a' && `output_format=${outputFormat}`,
          f.int('variants_num', { default: 1 }) > 1 && 'variants_num > 1',
          stems && 'stems',
          ctx.preserveSpeech() && 'preserve_speech',
          f.bool('ducking', false) && 'ducking',
        ].filter(Boolean);
        if (asyncOnly.length)
          return invalidRequest(
            `${asyncOnly.join(', ')} requires mode=async (the stream carries one m4a track)`,
          );
      }
      // No offline stem separator exists here (docs/engine-notes.md section 6): say so before charging.
      if (stems)
        return reject(422, 'unprocessable_entity', 'stems are not available on the local engine');
      return ok(undefined);
    });
    if (!common.ok) return common;
    return ok({ ...common.value, mode, outputFormat });
  },
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  isStream: (input) => input.mode === 'stream',
  async *stream(input, ctx) {
    const analysis = await analyseOrThrow(input, ctx.signal);
    ctx.log(`video-to-music: ${analysis.cuts.length} cuts`);
    const music = streamMusic(videoMusicSpec(input, analysis, 0), {
      workDir: ctx.workDir,
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey: ctx.watermarkKey,
    });
    yield { type: 'title', title: music.title, summary: music.summary, display_tags: music.tags };
    for await (const bytes of music.chunks) yield { type: 'audio', bytes };
  },
  async run(input, ctx) {
    const analysed = await analyzeVideo(input.videoPath, { signal: ctx.signal });
    if (!analysed.ok) return taskFailure('GENERATION_FAILED', analysed.message);
    const takes: MusicFile[] = [];
    const audio: TaskResultFields[] = [];
    for (let variant = 0; variant < input.variants; variant++) {
      const file = await renderMusicFile(videoMusicSpec(input, analysed.value, variant), {
        workDir: join(ctx.workDir, `variant-${variant}`),
        format: input.outputFormat,
        signal: ctx.signal,
        watermarkPayload: ctx.watermarkPayload,
        watermarkKey: ctx.watermarkKey,
      });
      takes.push(file);
      const published = await ctx.publish(file.path, {
        contentType: file.contentType,
        ext: input.outputFormat,
        name: input.variants > 1 ? `music-${variant + 1}` : 'music',
      });
      const title = { title: file.title, summary: file.summary, display_tags: file.tags };
      audio.push({
        ...media(published, variant),
        sample_rate: file.sampleRate,
        channels: file.channels,
        ...(input.variants > 1 ? { title } : {}),
      });
    }
    const first = takes[0]!;
    return {
      audio,
      title: { title: first.title, summary: first.summary, display_tags: first.tags },
      ...(await voiceExtras(input, takes, ctx)),
      ...(input.variants > 1 ? { variants_num: input.variants } : {}),
    };
  },
});
