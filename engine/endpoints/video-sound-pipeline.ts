import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Segment } from '../../shared/api/segments';
import { AUDIO_FORMAT_INFO } from '../audio/encode';
import { analyzeVideo, type VideoAnalysis } from '../media/analysis';
import { isolateSpeech } from '../media/bed';
import { probeMedia, type ProbeResult } from '../media/probe';
import { buildBrief } from '../media/brief';
import { FFMPEG_QUIET_OVERWRITE, lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';
import { mixSoundtrack, type KeptVoice } from '../media/soundtrack-mix';
import { detectSpeechInFile } from '../media/vad';
import { renderMusicForMix, type MusicHandOff } from '../music/index';
import { renderSfxWhileAnalysing, type VideoHits } from '../sfx/index';
import {
  TaskError,
  type PublishedFile,
  type RunContext,
  type TaskResultFields,
} from '../server/endpoint';
import { DEFAULT_WATERMARK_KEY } from '../watermark';

/** What video-to-sound and video-to-video-sound share after validation (persisted with the task). */
export interface VideoSoundInput {
  videoPath: string;
  durationSeconds: number;
  hasAudio: boolean;
  musicPrompt?: string;
  sfxPrompt?: string;
  segments?: Segment[];
  preserveSpeech: boolean;
  ducking: boolean;
  /** video-to-video-sound only: the whole original track is the voice source. */
  keepOriginalSound: boolean;
  variants: number;
  /** `mp4` muxes under the picture (video-to-video-sound); the others are audio deliverables. */
  output: 'wav' | 'm4a' | 'mp3' | 'mp4';
}

const ENCODE_ARGS = {
  m4a: AUDIO_FORMAT_INFO.aac,
  mp3: AUDIO_FORMAT_INFO.mp3,
  wav: AUDIO_FORMAT_INFO.wav,
} as const;

async function encode(
  input: string,
  output: string,
  format: keyof typeof ENCODE_ARGS,
  signal: AbortSignal,
): Promise<void> {
  const run = await runTool(
    TOOL.ffmpeg,
    [...FFMPEG_QUIET_OVERWRITE, '-i', input, ...ENCODE_ARGS[format].codecArgs, output],
    { signal, stage: 'encode' },
  );
  if (run.code !== 0)
    throw new TaskError('GENERATION_FAILED', `Encoding failed: ${lastErrorLine(run.stderr)}`);
}

/**
 * Which voice source is kept (docs/api-notes.md 6.7, 6.8, 11.3): keep_original_sound = the whole
 * track; preserve_speech = the isolated speech; on video-to-sound `ducking=true` alone also
 * brings the whole track in. Best effort: a video without usable audio keeps none.
 */
async function prepareVoice(
  input: VideoSoundInput,
  workDir: string,
  signal: AbortSignal,
): Promise<KeptVoice | undefined> {
  const whole =
    input.keepOriginalSound || (input.output !== 'mp4' && input.ducking && !input.preserveSpeech);
  if (!input.hasAudio || (!whole && !input.preserveSpeech)) return undefined;
  const detected = await detectSpeechInFile(input.videoPath, signal);
  if (!detected.ok) return undefined;
  if (whole) return { path: input.videoPath, speech: detected.value };
  const isolated = await isolateSpeech(
    input.videoPath,
    join(workDir, 'speech.wav'),
    detected.value,
    signal,
  );
  return isolated.ok ? { path: isolated.value.outputPath, speech: detected.value } : undefined;
}

interface Stems {
  analysis: VideoAnalysis;
  /** `published` copies the effects into the result store while the mix runs. */
  sfx: { path: string; pcm?: Float32Array[]; published: Promise<PublishedFile> };
  voice?: KeptVoice;
}

interface Shared {
  input: VideoSoundInput;
  ctx: RunContext;
  watermarkKey: string;
  /** mp4 only: the picture's probe, started with the task so the mux never waits for it. */
  picture?: Promise<ProbeResult>;
}

async function variantDir({ ctx }: Shared, index: number): Promise<string> {
  const dir = join(ctx.workDir, `variant-${index}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The effects' ambience renders at once; their one-shots wait for the picture's cuts and peaks. */
function renderSfx(
  { input, ctx, watermarkKey }: Shared,
  hits: Promise<VideoHits>,
  workDir: string,
) {
  return renderSfxWhileAnalysing(
    { durationSeconds: input.durationSeconds, prompt: input.sfxPrompt, segments: input.segments },
    hits,
    {
      workDir,
      format: 'wav',
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey,
    },
  );
}

/**
 * The variant's music, handed over as mastered PCM: its m4a encodes while the mix runs
 * (docs/decisions/103-video-sound-overlap.md, 2026-11-26 later).
 */
async function renderMusic(
  shared: Shared,
  analysis: VideoAnalysis,
  index: number,
  onUnderway?: () => void,
): Promise<MusicHandOff> {
  const { input, ctx, watermarkKey } = shared;
  const brief = buildBrief(analysis, {
    prompt: input.musicPrompt,
    variantsNum: index + 1,
    mode: 'music',
  });
  return renderMusicForMix(
    {
      // Without a music prompt, the measured brief (light, motion, colour, cuts) is the prompt.
      prompt: input.musicPrompt ?? brief.variations[index]?.prompt ?? 'cinematic underscore',
      durationSeconds: input.durationSeconds,
      cuts: analysis.cuts,
      ...(index > 0 ? { seed: index } : {}),
    },
    {
      workDir: await variantDir(shared, index),
      ...(onUnderway ? { onUnderway } : {}),
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey,
    },
  );
}

async function finishVariant(
  shared: Shared,
  index: number,
  music: MusicHandOff,
  stems: Stems,
): Promise<TaskResultFields> {
  const { input, ctx, watermarkKey } = shared;
  const dir = await variantDir(shared, index);
  const suffix = input.variants > 1 ? `-${index + 1}` : '';
  const mixPath = join(dir, 'soundtrack.wav');
  // Under a picture the soundtrack is muxed while it is mastered: no WAV, no second pass.
  const mp4 = join(dir, 'video.mp4');
  const underPicture = input.output === 'mp4';
  const mixed = await mixSoundtrack(
    {
      musicPcm: music.pcm,
      sfxPath: stems.sfx.path,
      ...(stems.sfx.pcm ? { sfxPcm: stems.sfx.pcm } : {}),
      ducking: input.ducking,
      ...(stems.voice ? { voice: stems.voice } : {}),
    },
    underPicture ? mp4 : mixPath,
    {
      ...(underPicture ? { intoVideo: input.videoPath } : {}),
      ...(underPicture && shared.picture ? { picture: shared.picture } : {}),
      durationSeconds: input.durationSeconds,
      watermark: { key: watermarkKey, payload: ctx.watermarkPayload },
      processedMusicPath: join(dir, 'music-processed.wav'),
      signal: ctx.signal,
    },
  );
  // The m4a has been encoding beside the mix; a failed mix still waits for it to stop.
  const musicFile = await music.file.catch((error: unknown) => {
    if (mixed.ok) throw error;
    return undefined;
  });
  if (!mixed.ok) throw new TaskError('GENERATION_FAILED', mixed.message);
  if (!musicFile) throw new TaskError('GENERATION_FAILED', 'The music file was not written.');
  const musicPublished = await ctx.publish(musicFile.path, {
    contentType: musicFile.contentType,
    ext: 'm4a',
    name: `music${suffix}`,
  });
  let processed: PublishedFile | undefined;
  if (mixed.value.processedMusicPath) {
    const m4a = join(dir, 'music-processed.m4a');
    await encode(mixed.value.processedMusicPath, m4a, 'm4a', ctx.signal);
    processed = await ctx.publish(m4a, {
      contentType: 'audio/mp4',
      ext: 'm4a',
      name: `music-processed${suffix}`,
    });
  }
  let output: PublishedFile;
  if (input.output === 'mp4') {
    output = await ctx.publish(mp4, {
      contentType: 'video/mp4',
      ext: 'mp4',
      name: `video-sound${suffix}`,
    });
  } else {
    const format = input.output;
    const file = format === 'wav' ? mixPath : join(dir, `soundtrack.${ENCODE_ARGS[format].ext}`);
    if (format !== 'wav') await encode(mixPath, file, format, ctx.signal);
    output = await ctx.publish(file, {
      contentType: ENCODE_ARGS[format].contentType,
      ext: ENCODE_ARGS[format].ext,
      name: `sound${suffix}`,
    });
  }
  return {
    variant_index: index,
    output_url: output.url,
    output_type: input.output === 'mp4' ? 'video' : 'audio',
    output_bytes: output.file_size,
    music: musicPublished,
    ...(processed ? { music_processed: processed } : {}),
    sfx: await stems.sfx.published,
  };
}

/**
 * Music (composed on the video's cuts) + effects (hits on cuts and motion peaks), mixed with
 * the kept voice source if any, per variant. Result (docs/api-notes.md 5.4): `outputs[]` sorted by
 * variant_index, present even for one variant, with the top-level fields aliasing outputs[0].
 */
export async function runVideoSound(
  input: VideoSoundInput,
  ctx: RunContext,
): Promise<TaskResultFields> {
  const shared: Shared = { input, ctx, watermarkKey: ctx.watermarkKey ?? DEFAULT_WATERMARK_KEY };
  // Nothing but the effects' one-shots and the music needs the picture: voice detection (audio
  // only) and the effects' ambience (prompt and length only) run while the picture is analysed,
  // then the one-shots and the first variant's music render side by side (2 cores).
  const voicePromise = prepareVoice(input, ctx.workDir, ctx.signal).catch(() => undefined);
  const sfxDir = join(ctx.workDir, 'sfx');
  await mkdir(sfxDir, { recursive: true });
  // The upload's probe gave the duration and checked the picture: the decode starts at once,
  // before the ambience takes the main thread.
  const analysing = analyzeVideo(input.videoPath, {
    signal: ctx.signal,
    durationSeconds: input.durationSeconds,
  });
  const hits = analysing.then((outcome): VideoHits => {
    if (!outcome.ok) throw new TaskError('GENERATION_FAILED', outcome.message);
    return outcome.value;
  });
  // The one-shots and the effects' finish (~1.5 s of JS) wait until the music's synthesiser
  // runs: they fit beside it, but before it they would delay the longest stage.
  let musicUnderway!: () => void;
  const underway = new Promise<void>((resolve) => {
    musicUnderway = resolve;
  });
  if (input.output === 'mp4') shared.picture = probeMedia(input.videoPath, ctx.signal);
  const sfxPromise = renderSfx(
    shared,
    Promise.all([hits, underway]).then(([found]) => found),
    sfxDir,
  );
  const analysed = await analysing;
  if (!analysed.ok) {
    musicUnderway();
    await Promise.allSettled([voicePromise, sfxPromise]);
    throw new TaskError('GENERATION_FAILED', analysed.message);
  }
  const analysis = analysed.value;
  ctx.log(`video sound: ${analysis.cuts.length} cuts, ${analysis.motionPeaks.length} motion peaks`);
  const [sfx, firstMusic, voice] = await Promise.all([
    sfxPromise,
    renderMusic(shared, analysis, 0, musicUnderway).finally(musicUnderway),
    voicePromise,
  ]);
  const stems: Stems = {
    analysis,
    sfx: {
      path: sfx.path,
      ...(sfx.pcm ? { pcm: sfx.pcm } : {}),
      published: ctx.publish(sfx.path, {
        contentType: sfx.contentType,
        ext: sfx.ext,
        name: 'sfx',
      }),
    },
    ...(voice ? { voice } : {}),
  };
  // Awaited with the first variant's result; a failure meanwhile must not go unhandled.
  stems.sfx.published.catch(() => undefined);
  const outputs: TaskResultFields[] = [await finishVariant(shared, 0, firstMusic, stems)];
  for (let index = 1; index < input.variants; index += 1) {
    outputs.push(
      await finishVariant(shared, index, await renderMusic(shared, analysis, index), stems),
    );
  }
  const { variant_index: _first, ...top } = outputs[0] ?? {};
  return { ...top, outputs, ...(input.variants > 1 ? { variants_num: input.variants } : {}) };
}
