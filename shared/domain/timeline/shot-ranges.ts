/**
 * How a shot-change scan is split into time ranges that separate decoders work on at the same
 * time (docs/decisions/099-shot-changes-in-parallel-ranges.md). Each range owns the changes in
 * [fromMs, toMs); its decoder starts `LEAD_IN_MS` earlier so the first frame it owns is scored
 * against the frame before it, exactly as one decoder over the whole file would score it.
 */
export interface ShotRange {
  /** First ms this range owns (a change at it is reported by this range only). */
  fromMs: number;
  /** End of what this range owns (exclusive); Infinity for the last range. */
  toMs: number;
  /** Where its decoder starts: a little before fromMs, never before 0. */
  decodeFromMs: number;
}

/** Decoded frames before a range's own start, for the scene score of its first frame. */
export const LEAD_IN_MS = 500;

/**
 * A range shorter than this is not worth a decoder of its own: each decoder also decodes from
 * the key frame before its start, and starting one costs a few tens of ms.
 */
export const MIN_RANGE_MS = 20_000;

/**
 * `parallelism` ranges of equal length over `durationMs` (fewer for a short file, one when the
 * duration is unknown). Boundaries are whole ms so ownership tests are exact.
 */
export function planShotRanges(durationMs: number | null, parallelism: number): ShotRange[] {
  const whole: ShotRange[] = [{ fromMs: 0, toMs: Infinity, decodeFromMs: 0 }];
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs <= 0) return whole;
  const count = Math.max(
    1,
    Math.min(Math.floor(parallelism), Math.floor(durationMs / MIN_RANGE_MS)),
  );
  return planEqualRanges(durationMs, count);
}

/** Exactly `count` equal ranges over `durationMs` (tests force a split of a short clip). */
export function planEqualRanges(durationMs: number, count: number): ShotRange[] {
  const n = Math.max(1, Math.floor(count));
  return Array.from({ length: n }, (_, i) => {
    const fromMs = Math.round((durationMs * i) / n);
    return {
      fromMs,
      toMs: i === n - 1 ? Infinity : Math.round((durationMs * (i + 1)) / n),
      decodeFromMs: Math.max(0, fromMs - LEAD_IN_MS),
    };
  });
}

/** Whether a change found at `ms` by the range's decoder is this range's to report. */
export function rangeOwns(range: ShotRange, ms: number): boolean {
  return ms >= range.fromMs && ms < range.toMs;
}
