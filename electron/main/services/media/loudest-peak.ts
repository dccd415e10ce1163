import type { MediaService } from './media-service';

/** The waveform's resolution the editors ask for, so Dub's check reuses their cached file. */
const POINTS_PER_SECOND = 100;

/**
 * The loudest sample of a file's sound, 0..1 of full scale, read from its waveform peaks (the
 * ±127 min/max pairs media:peaks caches per file), or null when it has no sound or they cannot
 * be read. One decode of the sound, reused by every later look at the same file.
 */
export async function loudestPeak(
  media: Pick<MediaService, 'peaks'>,
  file: string,
): Promise<number | null> {
  const peaks = await media.peaks(file, POINTS_PER_SECOND);
  if (!peaks.ok) return null;
  const values = new Int8Array(Buffer.from(peaks.value.peaks, 'base64'));
  let loudest = 0;
  for (const value of values) loudest = Math.max(loudest, Math.abs(value));
  return loudest / 127;
}
