import { join } from 'node:path';
import { AUDIO_FORMAT_INFO } from '../../audio/encode';
import { isolateSpeech } from '../../media/bed';
import { DEFAULT_DUCK } from '../../media/duck-envelope';
import { duckMusicUnderVoice } from '../../media/duck';
import {
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  TOOL,
} from '../../../shared/node/toolchain';
import { detectSpeechInFile, type SpeechSpan } from '../../media/vad';
import type { MusicFormat } from '../spec';

/**
 * The voice side of the video music endpoints, built from the MEDIA helper's parts: speech
 * detection (Silero-style VAD), speech isolation (mid channel inside speech spans), and the
 * ducking mixer (music 4 LU under the voice; -12 dB around speech when ducking). Every step
 * is best effort: a failure returns undefined and the caller delivers the music alone.
 */

export interface VoiceContext {
  workDir: string;
  signal: AbortSignal;
  watermark: { key: string; payload: number };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Delivery encodings: the music formats, plus AAC in an .mp4 container (the `mux` results). */
const ENCODINGS: Record<MusicFormat | 'mp4', { ext: string; contentType: string; args: string[] }> =
  {
    m4a: { ext: 'm4a', contentType: 'audio/mp4', args: AUDIO_FORMAT_INFO.aac.codecArgs },
    wav: { ext: 'wav', contentType: 'audio/wav', args: AUDIO_FORMAT_INFO.wav.codecArgs },
    mp3: {
      ext: 'mp3',
      contentType: 'audio/mpeg',
      args: ['-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3'],
    },
    mp4: {
      ext: 'mp4',
      contentType: 'audio/mp4',
      args: ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'mp4'],
    },
  };

export async function encodeAudio(
  input: string,
  format: MusicFormat | 'mp4',
  name: string,
  ctx: VoiceContext,
): Promise<Outcome<{ path: string; ext: string; contentType: string }>> {
  const encoding = ENCODINGS[format];
  const path = join(ctx.workDir, `${name}.${encoding.ext}`);
  const run = await runTool(
    TOOL.ffmpeg,
    [...FFMPEG_QUIET_OVERWRITE, '-i', input, '-vn', ...encoding.args, path],
    { signal: ctx.signal },
  );
  if (run.code !== 0)
    return { ok: false, message: `Encoding ${name} failed: ${lastErrorLine(run.stderr)}` };
  return { ok: true, value: { path, ext: encoding.ext, contentType: encoding.contentType } };
}

/** The speech spans of a video's soundtrack; an empty list is a valid answer (no speech). */
export async function speechOf(
  videoPath: string,
  ctx: VoiceContext,
): Promise<Outcome<SpeechSpan[]>> {
  return detectSpeechInFile(videoPath, ctx.signal);
}

/** The video's whole soundtrack as a WAV, so the mixer treats it as audio, not as a picture to mux. */
export async function originalSoundtrack(
  videoPath: string,
  ctx: VoiceContext,
): Promise<Outcome<string>> {
  const path = join(ctx.workDir, 'original.wav');
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-i',
      videoPath,
      '-vn',
      '-ac',
      '2',
      '-ar',
      '44100',
      '-c:a',
      'pcm_s16le',
      path,
    ],
    { signal: ctx.signal },
  );
  if (run.code !== 0)
    return { ok: false, message: `Reading the soundtrack failed: ${lastErrorLine(run.stderr)}` };
  return { ok: true, value: path };
}

/** The video's speech alone (silence elsewhere) as a WAV. */
export async function isolatedSpeech(
  videoPath: string,
  speech: SpeechSpan[],
  ctx: VoiceContext,
): Promise<Outcome<string>> {
  const isolated = await isolateSpeech(
    videoPath,
    join(ctx.workDir, 'speech.wav'),
    speech,
    ctx.signal,
  );
  return isolated.ok ? { ok: true, value: isolated.value.outputPath } : isolated;
}

/**
 * Music under a voice, normalised to -14 LUFS and watermarked, as a WAV: ducked around the
 * speech when `ducking`, otherwise a static mix (the same balance, no movement).
 */
export async function musicUnderVoice(
  musicPath: string,
  voiceWavPath: string,
  speech: SpeechSpan[],
  ducking: boolean,
  name: string,
  ctx: VoiceContext,
): Promise<Outcome<string>> {
  const mixed = await duckMusicUnderVoice(
    musicPath,
    voiceWavPath,
    join(ctx.workDir, `${name}.wav`),
    {
      speech,
      shape: ducking ? DEFAULT_DUCK : { ...DEFAULT_DUCK, depthDb: 0 },
      watermark: ctx.watermark,
      signal: ctx.signal,
    },
  );
  return mixed.ok ? { ok: true, value: mixed.value.outputPath } : mixed;
}
