import { runTool } from './ffmpeg';

export interface LoudnessMeasurement {
  /** Integrated loudness (EBU R128), LUFS; -70 or lower for (near) silence. */
  integrated: number;
  /** True peak, dBTP (ffmpeg labels it dBFS); -Infinity for silence. */
  truePeak: number;
}

/**
 * Measures integrated loudness and true peak with ffmpeg's `ebur128` filter (~180x real time
 * here; single-pass `loudnorm` analysis was ~10x slower for the same numbers).
 */
export async function measureLoudness(
  path: string,
  signal?: AbortSignal,
): Promise<LoudnessMeasurement> {
  const { stderr } = await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-af',
      'ebur128=peak=true',
      '-f',
      'null',
      '-',
    ],
    signal ? { signal } : {},
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = parseValue(summary, /I:\s+(-?[\d.]+|-inf)\s+LUFS/);
  const truePeak = parseValue(summary, /Peak:\s+(-?[\d.]+|-inf)\s+dBFS/);
  if (integrated === undefined || truePeak === undefined)
    throw new Error('ffmpeg ebur128 printed no loudness summary');
  return { integrated, truePeak };
}

function parseValue(text: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/**
 * ffmpeg filter chain that moves integrated loudness from `measured` to `target` LUFS and
 * limits peaks. The limiter sits 0.5 dB under the true-peak ceiling because it limits sample
 * peaks; inter-sample and codec overshoot use that margin. Silence is left at unity gain.
 */
export function loudnessFilter(
  measured: LoudnessMeasurement,
  target: number,
  truePeakCeiling = -1,
): string {
  const gainDb =
    Number.isFinite(measured.integrated) && measured.integrated > -70
      ? Math.min(40, target - measured.integrated)
      : 0;
  const limit = Math.min(1, 10 ** ((truePeakCeiling - 0.5) / 20));
  return `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:level=false:latency=true:attack=5:release=80`;
}
