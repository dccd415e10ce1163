import { measureLoudness as measureFile } from '../media/loudness';
import { alignedLimiter } from './limiter';

export interface LoudnessMeasurement {
  /** Integrated loudness (EBU R128), LUFS; -70 or lower for (near) silence. */
  integrated: number;
  /** True peak, dBTP (ffmpeg labels it dBFS); -Infinity for silence. */
  truePeak: number;
}

/**
 * Integrated loudness and true peak of a file, from the one ebur128 measurement in
 * engine/media/loudness.ts; throws when the file has no measurable audio.
 */
export async function measureLoudness(
  path: string,
  signal?: AbortSignal,
): Promise<LoudnessMeasurement> {
  const measured = await measureFile(path, signal);
  if (!measured.ok) throw new Error(measured.message);
  const { integratedLufs, truePeakDb } = measured.value;
  // Callers here read silence as ebur128's -70 LUFS gate rather than -Infinity.
  return {
    integrated: Number.isFinite(integratedLufs) ? integratedLufs : -70,
    truePeak: truePeakDb,
  };
}

/**
 * ffmpeg filter chain that moves integrated loudness from `measured` to `target` LUFS and
 * limits peaks. The limiter sits 0.5 dB under the true-peak ceiling because it limits sample
 * peaks; inter-sample and codec overshoot use that margin. Silence is left at unity gain.
 */
export function loudnessFilter(
  measured: LoudnessMeasurement,
  target: number,
  sampleRate: number,
  truePeakCeiling = -1,
): string {
  const gainDb =
    Number.isFinite(measured.integrated) && measured.integrated > -70
      ? Math.min(40, target - measured.integrated)
      : 0;
  const limit = Math.min(1, 10 ** ((truePeakCeiling - 0.5) / 20));
  return `volume=${gainDb.toFixed(2)}dB,${alignedLimiter({ limit, attackMs: 5, releaseMs: 80 }, sampleRate)}`;
}
