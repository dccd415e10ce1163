import { mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_DUCK, duckGainEnvelope, type DuckShape } from './duck-envelope';
import { measureLoudness, type Loudness } from './loudness';
import { finishMix, loadStereo, MIX_RATE, mixInto, silence, type WatermarkSpec } from './mix';
import { muxAudioWithVideo } from './mux';
import { probeMedia } from './probe';
import { detectSpeechInFile, type SpeechSpan } from './vad';

export interface DuckOptions {
  signal?: AbortSignal;
  shape?: Partial<DuckShape>;
  /** Music level relative to the voice before ducking, LU (docs/product-notes.md 1.3: 4 LU below dialogue). */
  musicBelowVoiceLu?: number;
  targetLufs?: number;
  truePeakDb?: number;
  watermark?: WatermarkSpec;
  /** Known speech spans (e.g. dub cue times); detected from the voice when omitted. */
  speech?: SpeechSpan[];
}

export interface DuckResult {
  /** `outPath` with `.wav` (audio voice) or `.mp4` (video voice) as its extension. */
  outputPath: string;
  outputType: 'audio' | 'video';
  durationSeconds: number;
  speech: SpeechSpan[];
  loudness: Loudness;
  pictureCopied?: boolean;
}

export type DuckOutcome = { ok: true; value: DuckResult } | { ok: false; message: string };

function withExtension(path: string, ext: string): string {
  return path.replace(/\.[^./\\]*$/, '') + ext;
}

/** Gain (linear) that puts the music `belowLu` under the voice, or 1 when either is silent. */
function balanceGain(
  voice: Loudness | undefined,
  music: Loudness | undefined,
  belowLu: number,
): number {
  if (
    !voice ||
    !music ||
    !Number.isFinite(voice.integratedLufs) ||
    !Number.isFinite(music.integratedLufs)
  )
    return 1;
  return 10 ** ((voice.integratedLufs - belowLu - music.integratedLufs) / 20);
}

/**
 * Ducks music under a voice and mixes them: speech spans (from the voice detector, or given)
 * drive a gain envelope — -12 dB, 150 ms attack starting 100 ms early, held through pauses
 * under 0.85 s, 500 ms release — on music first set 4 LU under the voice. The timeline is the
 * voice's: music is cut or runs out at its end. The mix is normalised (-14 LUFS, -1 dBTP),
 * watermarked, and written as WAV; when the voice came from a video, the mix is muxed under its
 * picture (stream-copied) into an MP4 instead.
 */
export async function duckMusicUnderVoice(
  musicPath: string,
  voicePath: string,
  outPath: string,
  options: DuckOptions = {},
): Promise<DuckOutcome> {
  const [voiceInfo, musicInfo] = await Promise.all([
    probeMedia(voicePath, options.signal),
    probeMedia(musicPath, options.signal),
  ]);
  if (!voiceInfo.ok) return { ok: false, message: `Voice: ${voiceInfo.message}` };
  if (!musicInfo.ok) return { ok: false, message: `Music: ${musicInfo.message}` };
  if (!voiceInfo.hasAudio) return { ok: false, message: 'The voice input has no audio track.' };
  if (!musicInfo.hasAudio) return { ok: false, message: 'The music input has no audio track.' };
  const [voice, music, voiceLoudness, musicLoudness] = await Promise.all([
    loadStereo(voicePath, options.signal),
    loadStereo(musicPath, options.signal),
    measureLoudness(voicePath, options.signal, { truePeak: false }),
    measureLoudness(musicPath, options.signal, { truePeak: false }),
  ]);
  if (!voice.ok) return { ok: false, message: `Voice: ${voice.message}` };
  if (!music.ok) return { ok: false, message: `Music: ${music.message}` };
  const frames = voice.value[0]?.length ?? 0;
  if (frames === 0) return { ok: false, message: 'The voice input is empty.' };
  let speech = options.speech;
  if (!speech) {
    const detected = await detectSpeechInFile(voicePath, options.signal);
    if (!detected.ok) return { ok: false, message: `Voice: ${detected.message}` };
    speech = detected.value;
  }
  const envelope = duckGainEnvelope(speech, frames, MIX_RATE, {
    ...DEFAULT_DUCK,
    ...options.shape,
  });
  const gain = balanceGain(
    voiceLoudness.ok ? voiceLoudness.value : undefined,
    musicLoudness.ok ? musicLoudness.value : undefined,
    options.musicBelowVoiceLu ?? 4,
  );
  const mix = silence(frames);
  mixInto(mix, voice.value, 1);
  mixInto(mix, music.value, gain, envelope);

  const isVideo = voiceInfo.hasVideo;
  const wavPath = withExtension(outPath, '.wav');
  const workDir = isVideo ? await mkdtemp(join(dirname(outPath), '.duck-')) : undefined;
  try {
    const mixPath = workDir ? join(workDir, 'mix.wav') : wavPath;
    const finished = await finishMix(mix, mixPath, {
      targetLufs: options.targetLufs ?? -14,
      truePeakDb: options.truePeakDb ?? -1,
      watermark: options.watermark,
      signal: options.signal,
    });
    if (!finished.ok) return finished;
    const base = { durationSeconds: frames / MIX_RATE, speech, loudness: finished.value };
    if (!workDir) return { ok: true, value: { ...base, outputPath: wavPath, outputType: 'audio' } };
    const mp4Path = withExtension(outPath, '.mp4');
    const tempMp4 = join(workDir, 'out.mp4');
    const muxed = await muxAudioWithVideo(voicePath, mixPath, tempMp4, { signal: options.signal });
    if (!muxed.ok) return muxed;
    await rename(tempMp4, mp4Path);
    return {
      ok: true,
      value: {
        ...base,
        outputPath: mp4Path,
        outputType: 'video',
        pictureCopied: muxed.value.pictureCopied,
      },
    };
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}
