import { writeWav } from '../audio/wav';
import { DEFAULT_DUCK, duckGainEnvelope } from './duck-envelope';
import { timeSync } from '../../shared/node/toolchain';
import { LoudnessMeter } from '../music/dsp/loudness-meter';
import { measureLoudness, type Loudness, type LoudnessOutcome } from './loudness';
import { finishMixIntoVideo } from './mix-into-video';
import {
  finishMix,
  loadStereo,
  MIX_RATE,
  mixInto,
  silence,
  type MixOutcome,
  type WatermarkSpec,
} from './mix';
import { probeMedia, type ProbeResult } from './probe';
import type { SpeechSpan } from './vad';

export interface KeptVoice {
  /** The original soundtrack, or only its isolated speech. */
  path: string;
  speech: SpeechSpan[];
}

/**
 * The music as a file to decode, or already in memory at the mix rate (a render handed over as
 * PCM: engine/music/produce/render-hand-off.ts), which is then neither decoded nor re-measured
 * from a file.
 */
export type MusicSource = { musicPath: string } | { musicPcm: Float32Array[] };

export type SoundtrackParts = MusicSource & SoundtrackStems;

export interface SoundtrackStems {
  sfxPath: string;
  /** The effects at the mix rate when already in memory: `sfxPath` is then not decoded again. */
  sfxPcm?: Float32Array[];
  voice?: KeptVoice;
  /** With a kept voice: duck the music under its speech (true) or mix it statically (false). */
  ducking: boolean;
}

export interface SoundtrackOptions {
  durationSeconds: number;
  watermark: WatermarkSpec;
  /** Where to write the music as it sits in the mix (balanced, ducked); only with a kept voice. */
  processedMusicPath?: string;
  /**
   * The picture the soundtrack goes under: `outPath` is then the finished MP4, muxed as the mix
   * is mastered (mix-into-video.ts), and no WAV is written.
   */
  intoVideo?: string;
  /** `intoVideo`'s probe when the caller started it earlier (the mux needs its codec first). */
  picture?: Promise<ProbeResult>;
  signal?: AbortSignal;
}

export interface SoundtrackResult {
  loudness: Loudness;
  /** Set when a voice was kept and `processedMusicPath` was given. */
  processedMusicPath?: string;
  /** With `intoVideo`: whether the picture was stream-copied (false: re-encoded to H.264). */
  pictureCopied?: boolean;
}

/** Generated music sits this far under a kept voice (docs/product-notes.md 1.3: 4 LU below dialogue). */
const MUSIC_BELOW_VOICE_LU = 4;

/** Integrated loudness of PCM at the mix rate, as ebur128 measures a file (BS.1770 gating). */
function pcmLoudness(pcm: Float32Array[]): LoudnessOutcome {
  const meter = new LoudnessMeter(MIX_RATE, pcm.length);
  timeSync('mix', () => meter.push(pcm));
  return { ok: true, value: { integratedLufs: meter.integrated(), truePeakDb: NaN, rangeLu: NaN } };
}

async function musicGainUnder(
  voicePath: string,
  source: MusicSource,
  signal?: AbortSignal,
): Promise<number> {
  const [voice, music] = await Promise.all([
    measureLoudness(voicePath, signal, { truePeak: false }),
    'musicPcm' in source
      ? pcmLoudness(source.musicPcm)
      : measureLoudness(source.musicPath, signal, { truePeak: false }),
  ]);
  if (!voice.ok || !music.ok) return 1;
  const { integratedLufs: v } = voice.value;
  const { integratedLufs: m } = music.value;
  if (!Number.isFinite(v) || !Number.isFinite(m)) return 1;
  return 10 ** ((v - MUSIC_BELOW_VOICE_LU - m) / 20);
}

/**
 * mix = a + b in one pass: the same float sums as mixInto(mix, a, 1) then mixInto(mix, b, 1)
 * (0 + a·1·1 is a exactly), without the second pass, the gain and the envelope test per sample.
 */
function sumInto(mix: Float32Array[], a: Float32Array[], b: Float32Array[]): void {
  mix.forEach((out, c) => {
    const x = a[c] ?? a[0];
    const y = b[c] ?? b[0];
    const both = Math.min(out.length, x?.length ?? 0, y?.length ?? 0);
    for (let i = 0; i < both; i++) out[i] = x![i]! + y![i]!;
    // A stem shorter than the mix just ends; a longer one is cut.
    if (x) for (let i = both; i < Math.min(out.length, x.length); i++) out[i] = x[i]!;
    if (y) for (let i = both; i < Math.min(out.length, y.length); i++) out[i] = out[i]! + y[i]!;
  });
}

/**
 * The finished soundtrack of a video: generated music plus generated effects, and — when a
 * voice source is kept — that voice on top, with the music (not the effects) set 4 LU under it
 * and, with ducking, pulled down -12 dB around its speech. Effects keep their level relative
 * to the music. The whole mix is cut to the video's length, normalised to -14 LUFS / -1 dBTP
 * and watermarked, as a 16-bit WAV at `outPath` (or, with `intoVideo`, as that MP4's sound).
 */
export async function mixSoundtrack(
  parts: SoundtrackParts,
  outPath: string,
  options: SoundtrackOptions,
): Promise<MixOutcome<SoundtrackResult>> {
  const frames = Math.round(options.durationSeconds * MIX_RATE);
  // The picture is probed while the sounds decode; the mux needs its codec first thing.
  const picture = options.intoVideo
    ? (options.picture ?? probeMedia(options.intoVideo, options.signal))
    : undefined;
  const [music, sfx, voice] = await Promise.all([
    'musicPcm' in parts
      ? Promise.resolve({ ok: true as const, value: parts.musicPcm })
      : loadStereo(parts.musicPath, options.signal),
    parts.sfxPcm
      ? Promise.resolve({ ok: true as const, value: parts.sfxPcm })
      : loadStereo(parts.sfxPath, options.signal),
    parts.voice ? loadStereo(parts.voice.path, options.signal) : Promise.resolve(undefined),
  ]);
  if (!music.ok) return { ok: false, message: `Music: ${music.message}` };
  if (!sfx.ok) return { ok: false, message: `Sound effects: ${sfx.message}` };
  if (voice && !voice.ok) return { ok: false, message: `Voice: ${voice.message}` };
  const mix = silence(frames);
  let processedMusicPath: string | undefined;
  if (parts.voice && voice?.ok) {
    const gain = await musicGainUnder(parts.voice.path, parts, options.signal);
    const envelope = parts.ducking
      ? duckGainEnvelope(parts.voice.speech, frames, MIX_RATE, DEFAULT_DUCK)
      : undefined;
    const processed = silence(frames);
    mixInto(processed, music.value, gain, envelope);
    if (options.processedMusicPath) {
      await writeWav(options.processedMusicPath, { sampleRate: MIX_RATE, channels: processed }, 32);
      processedMusicPath = options.processedMusicPath;
    }
    mixInto(mix, voice.value, 1);
    mixInto(mix, processed, 1);
    mixInto(mix, sfx.value, gain);
  } else {
    timeSync('mix', () => sumInto(mix, music.value, sfx.value));
  }
  const finish = { targetLufs: -14, truePeakDb: -1, watermark: options.watermark };
  const processed = processedMusicPath ? { processedMusicPath } : {};
  if (options.intoVideo && picture) {
    const muxed = await finishMixIntoVideo(mix, options.intoVideo, outPath, {
      ...finish,
      picture: await picture,
      signal: options.signal,
    });
    if (!muxed.ok) return muxed;
    const { loudness, pictureCopied } = muxed.value;
    return { ok: true, value: { loudness, pictureCopied, ...processed } };
  }
  const finished = await finishMix(mix, outPath, { ...finish, signal: options.signal });
  if (!finished.ok) return finished;
  return { ok: true, value: { loudness: finished.value, ...processed } };
}
