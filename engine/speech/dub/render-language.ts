import { join } from 'node:path';
import type { LanguageCode } from '../../../shared/api/languages';
import { DEFAULT_DUCK, duckGainEnvelope } from '../../media/duck-envelope';
import type { WatermarkSpec } from '../../media/mix';
import { finishMix, MIX_RATE, mixInto, silence } from '../../media/mix';
import { muxAudioWithVideo } from '../../media/mux';
import type { Cue } from '../../../shared/domain/subtitles/cue';
import type { SpeechResult } from '../result';
import { speechFail, speechOk } from '../result';
import type { VoiceTrack } from '../voice-track';
import { renderVoiceTrack } from '../voice-track';

export interface DubbedLanguage {
  mp4Path: string;
  voice: VoiceTrack;
  pictureCopied: boolean;
}

export interface RenderLanguageOptions {
  videoPath: string;
  durationSeconds: number;
  /** Stereo bed at MIX_RATE with the original speech removed (silence when the video had none). */
  bed: Float32Array[];
  ducking: boolean;
  watermark: WatermarkSpec;
  workDir: string;
  signal?: AbortSignal;
}

/** The bed sits this far under the dubbed voice at most (docs/product-notes.md 1.3: music ~4 LU or more below dialogue). */
const BED_BELOW_VOICE_DB = 6;

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Gain that keeps the bed at least BED_BELOW_VOICE_DB under the voice where the voice speaks. */
function bedGain(bed: Float32Array[], voice: VoiceTrack): number {
  const spoken = voice.samples.filter((s) => s !== 0);
  const voiceLevel = rms(spoken);
  const bedLevel = Math.max(...bed.map(rms));
  if (voiceLevel === 0 || bedLevel === 0) return 1;
  const ceiling = voiceLevel * 10 ** (-BED_BELOW_VOICE_DB / 20);
  return Math.min(1, ceiling / bedLevel);
}

/**
 * Dubs one language: speaks the cues on a voice track, lays it over the speech-free bed (ducked
 * under the voice's own lines when asked), normalises and watermarks the mix, and muxes it under
 * the untouched picture as an MP4.
 */
export async function renderLanguage(
  cues: readonly Cue[],
  language: LanguageCode,
  options: RenderLanguageOptions,
): Promise<SpeechResult<DubbedLanguage>> {
  const voiced = await renderVoiceTrack(cues, language, options.durationSeconds, {
    workDir: options.workDir,
    signal: options.signal,
    sampleRate: MIX_RATE,
  });
  if (!voiced.ok) return voiced;
  const voice = voiced.value;
  const frames = voice.samples.length;
  const mix = silence(frames);
  const spans = voice.lines
    .filter((l) => l.end > l.start)
    .map((l) => ({ start: l.start, end: l.end }));
  const envelope = options.ducking
    ? duckGainEnvelope(spans, frames, MIX_RATE, DEFAULT_DUCK)
    : undefined;
  mixInto(mix, options.bed, bedGain(options.bed, voice), envelope);
  mixInto(mix, [voice.samples, voice.samples], 1);
  const wavPath = join(options.workDir, `dub-${language}.wav`);
  const finished = await finishMix(mix, wavPath, {
    targetLufs: -16,
    truePeakDb: -1,
    watermark: options.watermark,
    signal: options.signal,
  });
  if (!finished.ok)
    return speechFail('TTS_FAILED', `Cannot finish the ${language} mix: ${finished.message}`);
  const mp4Path = join(options.workDir, `dub-${language}.mp4`);
  const muxed = await muxAudioWithVideo(options.videoPath, wavPath, mp4Path, {
    signal: options.signal,
  });
  if (!muxed.ok) return speechFail('SOURCE_PROCESSING_FAILED', muxed.message);
  return speechOk({ mp4Path, voice, pictureCopied: muxed.value.pictureCopied });
}
