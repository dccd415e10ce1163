import { FIT_WARNING_RATIO } from '../../shared/domain/subtitles/fit';
import { filterMonoPcm } from './pcm-filter';

/**
 * Fastest speed-up applied to a line: the ratio the editor's fit meter warns above, since past
 * it synthetic speech gets hard to follow (docs/subtitles.md, "Fit estimate").
 */
export const MAX_TEMPO = FIT_WARNING_RATIO;

export interface FittedLine {
  samples: Float32Array;
  /** Speed factor applied (1 = unchanged). */
  tempo: number;
  /** Seconds the line still runs past its slot after the speed-up (0 when it fits). */
  overflowSeconds: number;
}

/** The speed-up a line of this length needs for its slot, capped at MAX_TEMPO. */
export function tempoFor(spokenSeconds: number, slotSeconds: number): number {
  if (slotSeconds <= 0) return MAX_TEMPO;
  if (spokenSeconds <= slotSeconds) return 1;
  return Math.min(MAX_TEMPO, spokenSeconds / slotSeconds);
}

/**
 * Fits a spoken line to its cue slot: measures it, speeds it up with ffmpeg `atempo` (pitch
 * kept) up to MAX_TEMPO, and resamples to the mix rate. A line still too long keeps the
 * maximum speed and reports how far it overflows.
 */
export async function fitToSlot(
  samples: Float32Array,
  sampleRate: number,
  slotSeconds: number,
  outputRate: number,
  signal?: AbortSignal,
): Promise<{ ok: true; value: FittedLine } | { ok: false; message: string }> {
  const spoken = samples.length / sampleRate;
  const tempo = tempoFor(spoken, slotSeconds);
  if (samples.length === 0)
    return { ok: true, value: { samples: new Float32Array(0), tempo: 1, overflowSeconds: 0 } };
  const filtered = await filterMonoPcm(
    samples,
    sampleRate,
    tempo === 1 ? '' : `atempo=${tempo.toFixed(4)}`,
    outputRate,
    signal,
  );
  if (!filtered.ok) return filtered;
  const fittedSeconds = filtered.samples.length / outputRate;
  return {
    ok: true,
    value: {
      samples: filtered.samples,
      tempo,
      overflowSeconds: Math.max(0, fittedSeconds - slotSeconds),
    },
  };
}
