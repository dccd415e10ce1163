import {
  MIX_LANES,
  type MixLane,
  type ScorePart,
} from '../../../../shared/domain/project/document';
import type { DecodedPeaks } from '../../editor/timeline';

/**
 * Which lanes are heard and how loud, from the mix settings: a soloed lane silences every lane
 * that is not soloed; a muted lane is silent; otherwise its gain in dB. One rule for the live
 * preview (Web Audio gains) and for the export request, so what is heard is what is exported.
 */
export function audibleGainsDb(mix: ScorePart['mix']): Record<MixLane, number | null> {
  const lanes = MIX_LANES;
  const anySolo = lanes.some((lane) => mix[lane].solo);
  const gains = {} as Record<MixLane, number | null>;
  for (const lane of lanes) {
    const settings = mix[lane];
    gains[lane] = settings.muted || (anySolo && !settings.solo) ? null : settings.gainDb;
  }
  return gains;
}

export function dbToLinear(db: number | null): number {
  return db === null ? 0 : 10 ** (db / 20);
}

/** Source louder than this (peak, dBFS) counts as speech for the duck preview. */
export const DUCK_THRESHOLD_DB = -30;
/** The preview stays ducked through pauses shorter than this (product targets: ~0.85 s). */
export const DUCK_HOLD_MS = 850;

/**
 * The source's peak level around `atMs` from the decoded waveform peaks, in dBFS; looks
 * `holdMs` back so the duck holds through short pauses.
 */
export function sourceLevelDb(peaks: DecodedPeaks, atMs: number, holdMs = DUCK_HOLD_MS): number {
  const { min, max, pointsPerSecond } = peaks;
  const last = Math.min(min.length - 1, Math.floor((atMs / 1000) * pointsPerSecond));
  const first = Math.max(0, Math.floor(((atMs - holdMs) / 1000) * pointsPerSecond));
  let peak = 0;
  for (let i = first; i <= last; i++) peak = Math.max(peak, Math.abs(min[i]!), Math.abs(max[i]!));
  return peak === 0 ? -Infinity : 20 * Math.log10(peak);
}

/** The music gain multiplier of the duck preview at a source level. */
export function duckFactor(levelDb: number, depthDb: number): number {
  return levelDb > DUCK_THRESHOLD_DB ? 10 ** (-depthDb / 20) : 1;
}
