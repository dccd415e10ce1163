import { timeSync } from '../../shared/node/toolchain';
import { decodeToPcm, readWav, writeWav } from '../audio/wav';
import { createWatermarkEmbedder } from './embedder';
import { detectWatermark, type Detection } from './detector';

export { createWatermarkEmbedder, type WatermarkEmbedder } from './embedder';
export { detectWatermark, type Detection } from './detector';

/** Key used when the engine is configured without one; detection needs the same key. */
export const DEFAULT_WATERMARK_KEY = 'soundstage-local-engine-watermark-key-v1';

/** Sample rate every file is decoded to before detection (the engine renders at this rate). */
export const DETECT_SAMPLE_RATE = 44100;

/** Embeds the watermark into a PCM WAV file and rewrites it atomically in the same sample format. */
export async function watermarkWavFile(
  path: string,
  opts: { key: string; payload: number },
): Promise<void> {
  const audio = await readWav(path);
  timeSync('watermark', () =>
    createWatermarkEmbedder({
      key: opts.key,
      payload: opts.payload,
      sampleRate: audio.sampleRate,
    }).process(audio.channels),
  );
  // Float stays float; integer PCM of any width is rewritten as 16-bit.
  await writeWav(path, audio, audio.encoding.float ? 32 : 16);
}

/** Decodes any audio or video file with ffmpeg (mono, 44.1 kHz) and looks for the watermark. */
export async function detectWatermarkFile(path: string, key: string): Promise<Detection> {
  const [mono] = await decodeToPcm(path, DETECT_SAMPLE_RATE, 1);
  if (!mono) return { found: false };
  return detectWatermark(mono, DETECT_SAMPLE_RATE, key);
}
