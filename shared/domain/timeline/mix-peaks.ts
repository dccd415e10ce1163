import { placedRange, type Placement } from './placement';

/**
 * The waveform of the current mix, drawn on the Score timeline's Mix lane (docs/editing.md,
 * "Mix lane"), from the min/max peaks already decoded for each lane: nothing is decoded again.
 * A bucket's peaks bound its samples, so a sum of gained peaks bounds the mixed samples: the
 * lane shows the loudest the mix can be in each bucket (sounds in phase), clipped to full scale.
 */
export interface PeakEnvelope {
  pointsPerSecond: number;
  /** Per bucket, the lowest and highest sample in −1…1. */
  min: ArrayLike<number>;
  max: ArrayLike<number>;
}

export interface MixedTrack extends Placement {
  peaks: PeakEnvelope;
  /** Linear gain (0 = not heard). */
  gain: number;
  /** Lowered while the source is loud (music under the duck). */
  ducked: boolean;
}

export interface MixDuck {
  depthDb: number;
  /** Source louder than this (peak, dBFS) counts as speech. */
  thresholdDb: number;
  /** The duck holds through pauses shorter than this. */
  holdMs: number;
}

export interface MixPeaksInput {
  durationMs: number;
  pointsPerSecond: number;
  source?: { peaks: PeakEnvelope; gain: number } | undefined;
  tracks: readonly MixedTrack[];
  /** Absent = no ducking. The source's own level (before its gain) keys it, as in the preview. */
  duck?: MixDuck | undefined;
}

export interface MixPeaks {
  pointsPerSecond: number;
  min: Float32Array;
  max: Float32Array;
}

/** The bucket of `peaks` that holds the instant `ms`, or -1 outside it. */
function bucketAt(peaks: PeakEnvelope, ms: number): number {
  const index = Math.floor((ms / 1000) * peaks.pointsPerSecond);
  return index >= 0 && index < peaks.min.length ? index : -1;
}

/** Per output bucket, whether the source is loud enough (now or within the hold) to duck. */
function duckedBuckets(input: MixPeaksInput, buckets: number): Uint8Array {
  const ducked = new Uint8Array(buckets);
  const { duck, source } = input;
  if (!duck || !source) return ducked;
  const limit = 10 ** (duck.thresholdDb / 20);
  const holdBuckets = Math.ceil((duck.holdMs / 1000) * input.pointsPerSecond);
  let lastLoud = -Infinity;
  for (let i = 0; i < buckets; i++) {
    const j = bucketAt(source.peaks, (i * 1000) / input.pointsPerSecond);
    if (j >= 0 && Math.max(Math.abs(source.peaks.min[j]!), Math.abs(source.peaks.max[j]!)) > limit)
      lastLoud = i;
    ducked[i] = i - lastLoud <= holdBuckets ? 1 : 0;
  }
  return ducked;
}

/**
 * Mixes the source and every heard track (at its place, trim and gain; ducked ones lowered by
 * the duck depth while the source is loud) into one envelope of `pointsPerSecond` buckets
 * covering the video.
 */
export function mixPeaks(input: MixPeaksInput): MixPeaks {
  const { durationMs, pointsPerSecond } = input;
  const buckets = Math.max(0, Math.ceil((durationMs / 1000) * pointsPerSecond));
  const min = new Float32Array(buckets);
  const max = new Float32Array(buckets);
  const msOf = (i: number) => (i * 1000) / pointsPerSecond;
  if (input.source && input.source.gain > 0) {
    const { peaks, gain } = input.source;
    for (let i = 0; i < buckets; i++) {
      const j = bucketAt(peaks, msOf(i));
      if (j < 0) continue;
      min[i]! += gain * peaks.min[j]!;
      max[i]! += gain * peaks.max[j]!;
    }
  }
  const ducked = duckedBuckets(input, buckets);
  const duckGain = input.duck ? 10 ** (-input.duck.depthDb / 20) : 1;
  for (const track of input.tracks) {
    if (track.gain <= 0) continue;
    const { startMs, endMs, trimStartMs } = placedRange(track, durationMs);
    const first = Math.max(0, Math.floor((startMs / 1000) * pointsPerSecond));
    const last = Math.min(buckets, Math.ceil((endMs / 1000) * pointsPerSecond));
    for (let i = first; i < last; i++) {
      const j = bucketAt(track.peaks, msOf(i) - startMs + trimStartMs);
      if (j < 0) continue;
      const gain = track.gain * (track.ducked && ducked[i] ? duckGain : 1);
      min[i]! += gain * track.peaks.min[j]!;
      max[i]! += gain * track.peaks.max[j]!;
    }
  }
  for (let i = 0; i < buckets; i++) {
    min[i] = Math.max(-1, min[i]!);
    max[i] = Math.min(1, max[i]!);
  }
  return { pointsPerSecond, min, max };
}
