import type { SpeechSpan } from './vad';

/** Ducking shape (docs/product-notes.md 1.3): depth, look-ahead attack, hold through short pauses, release. */
export interface DuckShape {
  depthDb: number;
  attackSeconds: number;
  /** The attack starts this long before the speech does. */
  leadSeconds: number;
  /** Pauses shorter than this keep the music down. */
  holdGapSeconds: number;
  releaseSeconds: number;
}

export const DEFAULT_DUCK: DuckShape = {
  depthDb: -12,
  attackSeconds: 0.15,
  leadSeconds: 0.1,
  holdGapSeconds: 0.85,
  releaseSeconds: 0.5,
};

/** Speech spans with pauses shorter than the hold gap closed up. */
export function holdSpans(speech: SpeechSpan[], holdGapSeconds: number): SpeechSpan[] {
  const merged: SpeechSpan[] = [];
  for (const span of [...speech].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start - last.end < holdGapSeconds) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The music gain, one linear value per sample: 1 outside speech, `depthDb` under it, with
 * straight-in-dB ramps (attack from `lead` before each span, release after it). Overlapping
 * ramps keep the deeper gain, so nothing pumps between close spans.
 */
export function duckGainEnvelope(
  speech: SpeechSpan[],
  frameCount: number,
  sampleRate: number,
  shape: DuckShape = DEFAULT_DUCK,
): Float32Array {
  const gainDb = new Float32Array(frameCount);
  const depth = shape.depthDb;
  const toIndex = (seconds: number): number =>
    Math.max(0, Math.min(frameCount, Math.round(seconds * sampleRate)));
  for (const span of holdSpans(speech, shape.holdGapSeconds)) {
    const attackStart = span.start - shape.leadSeconds;
    const attackEnd = attackStart + shape.attackSeconds;
    const releaseEnd = span.end + shape.releaseSeconds;
    const paint = (from: number, to: number, db: (t: number) => number): void => {
      for (let i = toIndex(from); i < toIndex(to); i += 1) {
        const value = db(i / sampleRate);
        if (value < (gainDb[i] ?? 0)) gainDb[i] = value;
      }
    };
    paint(attackStart, attackEnd, (t) => (depth * (t - attackStart)) / shape.attackSeconds);
    paint(attackEnd, span.end, () => depth);
    paint(span.end, releaseEnd, (t) => depth * (1 - (t - span.end) / shape.releaseSeconds));
  }
  const gain = new Float32Array(frameCount);
  for (let i = 0; i < frameCount; i += 1) gain[i] = 10 ** ((gainDb[i] ?? 0) / 20);
  return gain;
}
