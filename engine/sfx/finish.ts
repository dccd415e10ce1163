import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_FORMAT_INFO, type AudioFormat } from '../audio/encode';
import { ffmpeg } from '../audio/ffmpeg';
import { loudnessFilter, measureLoudness } from '../audio/loudness';
import { writeWav } from '../audio/wav';
import { masterMix } from '../media/master-mix';
import { timeSync } from '../../shared/node/toolchain';
import { createWatermarkEmbedder, DEFAULT_WATERMARK_KEY } from '../watermark/index';
import { SAMPLE_RATE, type Stereo } from './dsp/buffer';

/** Integrated loudness of delivered effects (quieter than music's -14: effects sit under dialogue). */
export const SFX_TARGET_LUFS = -18;
export const SFX_TRUE_PEAK_DB = -1;
const MAX_ENCODE_ATTEMPTS = 3;

export interface RenderOptions {
  workDir: string;
  format: AudioFormat;
  signal?: AbortSignal;
  watermarkPayload: number;
  watermarkKey?: string;
}

export interface RenderedAudio {
  path: string;
  contentType: string;
  ext: string;
  /**
   * WAV only: the delivered samples as floats (before 16-bit rounding), so a mix that uses the
   * effects next need not decode the file it was just written to.
   */
  pcm?: Stereo;
}

/**
 * WAV delivery without ffmpeg: PCM has no codec overshoot to measure afterwards, so the float
 * mix is brought to -18 LUFS under the -1 dBTP ceiling in memory, with the limiter and meter
 * the mixes use (media/master-mix.ts), and written once as 16-bit. The ffmpeg chain below
 * wrote a float WAV, measured it (ebur128 with 4x true peak), limited and encoded it, and
 * measured the result again: ~1.8 CPU s per 60 s of effects (docs/decisions/098-engine-speed.md).
 */
async function finishWavInMemory(
  audio: Stereo,
  out: string,
  signal: AbortSignal | undefined,
): Promise<Stereo> {
  signal?.throwIfAborted();
  const mastered = masterMix(audio, SAMPLE_RATE, {
    targetLufs: SFX_TARGET_LUFS,
    truePeakDb: SFX_TRUE_PEAK_DB,
  });
  // Silence has no loudness to correct: it is written as it is, as the ffmpeg chain did.
  const channels: Stereo = mastered ? [mastered.channels[0]!, mastered.channels[1]!] : audio;
  await writeWav(out, { sampleRate: SAMPLE_RATE, channels }, 16);
  return channels;
}

/**
 * Delivery chain for generated audio: watermark the float mix; WAV is then finished in memory
 * (above); other formats are written, measured with ebur128, and one ffmpeg pass applies
 * gain + limiter, trims to the exact length and encodes.
 * The watermark goes in before the gain so the level change and limiter act on it like on the
 * content (it is designed to survive both).
 */
export async function finishAudio(
  audio: Stereo,
  opts: RenderOptions,
  stem = 'sfx',
): Promise<RenderedAudio> {
  const info = AUDIO_FORMAT_INFO[opts.format];
  const id = randomBytes(4).toString('hex');
  const raw = join(opts.workDir, `${stem}-${id}.raw.wav`);
  const out = join(opts.workDir, `${stem}-${id}.${info.ext}`);
  const frames = audio[0].length;
  timeSync('watermark', () =>
    createWatermarkEmbedder({
      key: opts.watermarkKey ?? DEFAULT_WATERMARK_KEY,
      payload: opts.watermarkPayload,
      sampleRate: SAMPLE_RATE,
    }).process(audio),
  );
  if (opts.format === 'wav') {
    const pcm = await finishWavInMemory(audio, out, opts.signal);
    return { path: out, contentType: info.contentType, ext: info.ext, pcm };
  }
  try {
    await writeWav(raw, { sampleRate: SAMPLE_RATE, channels: audio }, 32);
    const loudness = await measureLoudness(raw, opts.signal);
    // The limiter's look-ahead can shift the end: pad then cut back to the exact frame count.
    const base = `${loudnessFilter(loudness, SFX_TARGET_LUFS, SAMPLE_RATE, SFX_TRUE_PEAK_DB)},apad=whole_len=${frames},atrim=end_sample=${frames}`;
    // Codecs overshoot on sharp transients (AAC by up to ~3 dB on clicks), so the encoded file
    // is measured and, if its true peak is over the ceiling, re-encoded with a linear trim.
    let trimDb = 0;
    for (let attempt = 0; attempt < MAX_ENCODE_ATTEMPTS; attempt++) {
      const filter = trimDb < 0 ? `${base},volume=${trimDb.toFixed(2)}dB` : base;
      await ffmpeg(
        [
          '-y',
          '-i',
          raw,
          '-af',
          filter,
          '-ar',
          String(SAMPLE_RATE),
          '-ac',
          '2',
          ...info.codecArgs,
          out,
        ],
        opts.signal ? { signal: opts.signal } : {},
      );
      const { truePeak } = await measureLoudness(out, opts.signal);
      if (truePeak <= SFX_TRUE_PEAK_DB) break;
      trimDb -= truePeak - SFX_TRUE_PEAK_DB + 0.3;
    }
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  } finally {
    await rm(raw, { force: true });
  }
  return { path: out, contentType: info.contentType, ext: info.ext };
}
