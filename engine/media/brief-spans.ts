import { LIMITS } from '../../shared/api/limits';
import type { PictureStats, ShotStats, VideoAnalysis } from './analysis-stats';

/** A stretch of the video with the averaged statistics of the shots it covers. */
export interface Span extends PictureStats {
  start: number;
  end: number;
  colour: string;
  shotCount: number;
}

/** The last whole-second end a segment list may use (the service allows 0.05 s past the end). */
export function lastWholeSecond(durationSeconds: number): number {
  const whole = Math.floor(durationSeconds + LIMITS.segments.endTolerance);
  return whole >= 1 ? whole : Math.round(durationSeconds * 100) / 100;
}

function aggregate(shots: ShotStats[], start: number, end: number): Span {
  let weight = 0;
  let brightness = 0;
  let motion = 0;
  let shotCount = 0;
  let colour = shots[0]?.colour ?? 'grey';
  let longest = -1;
  for (const shot of shots) {
    const overlap = Math.min(end, shot.end) - Math.max(start, shot.start);
    if (overlap <= 0) continue;
    weight += overlap;
    brightness += shot.brightness * overlap;
    motion += shot.motion * overlap;
    if (overlap >= 0.5) shotCount += 1;
    if (overlap > longest) {
      longest = overlap;
      colour = shot.colour;
    }
  }
  const round2 = (v: number): number => Math.round(v * 100) / 100;
  return {
    start,
    end,
    brightness: weight > 0 ? round2(brightness / weight) : 0,
    motion: weight > 0 ? round2(motion / weight) : 0,
    colour,
    shotCount: Math.max(1, shotCount),
  };
}

/** Merges the shortest span into its shorter neighbour until every span is long enough and few enough. */
function mergeShort(bounds: number[], minSeconds: number, maxItems: number): number[] {
  const result = [...bounds];
  for (;;) {
    const lengths = result.slice(1).map((b, i) => b - (result[i] ?? 0));
    if (lengths.length <= 1) return result;
    let shortest = 0;
    lengths.forEach((length, i) => {
      if (length < (lengths[shortest] ?? Infinity)) shortest = i;
    });
    const tooShort = (lengths[shortest] ?? 0) < minSeconds;
    if (!tooShort && lengths.length <= maxItems) return result;
    const before = shortest > 0 ? (lengths[shortest - 1] ?? Infinity) : Infinity;
    const after = shortest < lengths.length - 1 ? (lengths[shortest + 1] ?? Infinity) : Infinity;
    // Removing the span's start joins it to the span before; removing its end joins the one after.
    result.splice(before <= after ? shortest : shortest + 1, 1);
  }
}

/**
 * Shot-aligned spans with whole-second bounds: start 0, contiguous, the last ending on the last
 * whole second, each at least `minSeconds` long (shots merged as needed) and at most 30 of them.
 */
export function wholeSecondSpans(analysis: VideoAnalysis, minSeconds: number): Span[] {
  const end = lastWholeSecond(analysis.durationSeconds);
  const inner = [...new Set(analysis.shots.slice(1).map((shot) => Math.round(shot.start)))].filter(
    (b) => b > 0 && b < end,
  );
  const bounds = mergeShort(
    [0, ...inner.sort((a, b) => a - b), end],
    minSeconds,
    LIMITS.segments.maxItems,
  );
  const spans: Span[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    spans.push(aggregate(analysis.shots, bounds[i] ?? 0, bounds[i + 1] ?? end));
  }
  return spans;
}

/** One span covering all of the given ones, with duration-weighted statistics. */
export function mergeSpans(spans: Span[]): Span {
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (!first || !last)
    return { start: 0, end: 0, brightness: 0, motion: 0, colour: 'grey', shotCount: 1 };
  const asShots: ShotStats[] = spans.map((s) => ({ ...s, colourHex: '' }));
  return {
    ...aggregate(asShots, first.start, last.end),
    shotCount: spans.reduce((n, s) => n + s.shotCount, 0),
  };
}

/**
 * A tempo near `base` (±8 BPM) whose beat grid, counted from `start`, falls closest to the cuts
 * inside [start, end]: music that changes on the beat where the picture changes.
 */
export function fitTempoToCuts(base: number, cuts: number[], start: number, end: number): number {
  const local = cuts.filter((cut) => cut > start && cut <= end).map((cut) => cut - start);
  if (local.length === 0) return base;
  let best = base;
  let bestMiss = Infinity;
  for (let bpm = base - 8; bpm <= base + 8; bpm += 1) {
    const beat = 60 / bpm;
    const miss = local.reduce((sum, t) => {
      const phase = (t / beat) % 1;
      return sum + Math.min(phase, 1 - phase);
    }, 0);
    if (
      miss < bestMiss - 1e-9 ||
      (Math.abs(miss - bestMiss) < 1e-9 && Math.abs(bpm - base) < Math.abs(best - base))
    ) {
      best = bpm;
      bestMiss = miss;
    }
  }
  return best;
}
