import type { Peaks } from '../../../../shared/ipc/channels/media';

/**
 * Waveform peaks as the lanes draw them. Main computes them with ffmpeg: media:peaks answers
 * base64 of Int8 min/max pairs per bucket, ±127 (schema in shared/ipc/channels/media.ts). So the
 * renderer never decodes media: it decodes a few kilobytes and bins them to pixel columns.
 */
export interface DecodedPeaks {
  pointsPerSecond: number;
  /** Per bucket, the lowest and highest sample in −1…1. */
  min: Float32Array;
  max: Float32Array;
  /** Gain that brings the loudest bucket to full height (capped, so silence stays flat). */
  normalize: number;
}

/** What a lane accepts: the IPC answer as it came, or peaks already decoded. */
export type LanePeaks = Peaks | DecodedPeaks;

/** Quiet sources are drawn up to this much louder; beyond it, hiss would look like content. */
const MAX_NORMALIZE = 8;

export function isDecoded(peaks: LanePeaks): peaks is DecodedPeaks {
  return 'min' in peaks;
}

/** Decodes media:peaks' base64 Int8 min/max pairs; a trailing odd byte is ignored. */
export function decodePeaks(peaks: Peaks): DecodedPeaks {
  const binary = atob(peaks.peaks);
  const buckets = Math.floor(binary.length / 2);
  const min = new Float32Array(buckets);
  const max = new Float32Array(buckets);
  let loudest = 0;
  for (let i = 0; i < buckets; i++) {
    // charCodeAt gives the byte 0…255; reinterpret it as a signed Int8.
    const lo = (binary.charCodeAt(2 * i) << 24) >> 24;
    const hi = (binary.charCodeAt(2 * i + 1) << 24) >> 24;
    min[i] = lo / 127;
    max[i] = hi / 127;
    loudest = Math.max(loudest, Math.abs(lo), Math.abs(hi));
  }
  return {
    pointsPerSecond: peaks.pointsPerSecond,
    min,
    max,
    normalize: normalizeFor(loudest / 127),
  };
}

export function toDecoded(peaks: LanePeaks): DecodedPeaks {
  return isDecoded(peaks) ? peaks : decodePeaks(peaks);
}

/** How long the peaks last: the IPC answer says so; decoded ones are counted in buckets. */
export function peaksLengthMs(peaks: LanePeaks): number {
  return isDecoded(peaks) ? (peaks.min.length * 1000) / peaks.pointsPerSecond : peaks.durationMs;
}

function normalizeFor(loudest: number): number {
  return loudest > 0 ? Math.min(MAX_NORMALIZE, 1 / loudest) : 1;
}

/**
 * Bins peaks into `columns` pixel columns starting at `startMs`, `msPerPx` wide each: out[2c] is
 * the column's min, out[2c+1] its max (normalised). Columns outside the media stay 0. Cost is
 * proportional to the buckets on screen, not to the media's length, so scrolling a long video
 * redraws as fast as a short one.
 */
export function peakColumns(
  peaks: DecodedPeaks,
  startMs: number,
  msPerPx: number,
  columns: number,
  out: Float32Array = new Float32Array(columns * 2),
): Float32Array {
  const perMs = peaks.pointsPerSecond / 1000;
  const buckets = peaks.min.length;
  out.fill(0);
  for (let c = 0; c < columns; c++) {
    const from = Math.floor((startMs + c * msPerPx) * perMs);
    // Zoomed in past the bucket size a column still shows the bucket it falls in.
    const to = Math.max(from + 1, Math.floor((startMs + (c + 1) * msPerPx) * perMs));
    if (from >= buckets || to <= 0) continue;
    let lo = 0;
    let hi = 0;
    for (let b = Math.max(0, from); b < Math.min(buckets, to); b++) {
      lo = Math.min(lo, peaks.min[b]!);
      hi = Math.max(hi, peaks.max[b]!);
    }
    out[2 * c] = Math.max(-1, lo * peaks.normalize);
    out[2 * c + 1] = Math.min(1, hi * peaks.normalize);
  }
  return out;
}
