/**
 * Fits the tempo to fixed time points (video cuts, segment starts, the end of the piece) so each
 * one lands on a bar line: every span between two points gets a whole number of bars at a tempo
 * close to the base one. When no bar count is close enough (short spans), the span gets a whole
 * number of beats instead and ends with a shorter bar, which still puts the point on a downbeat.
 */

/**
 * Largest tempo change, relative to the base tempo, accepted to keep whole bars in a span; a tempo
 * the prompt named ("70 bpm") is kept almost exactly and gets a short last bar instead.
 */
const MAX_BAR_STRETCH = 0.08;
const MAX_BAR_STRETCH_EXPLICIT = 0.015;
/** Base tempo search range around the plan's tempo (narrower when the prompt gave a BPM). */
const SEARCH_FREE = 0.08;
const SEARCH_EXPLICIT = 0.03;

export interface SpanFit {
  seconds: number;
  beats: number;
  bpm: number;
  barAligned: boolean;
}

export function fitSpan(
  seconds: number,
  baseBpm: number,
  beatsPerBar: number,
  explicit = false,
): SpanFit {
  const bars = Math.round((seconds * baseBpm) / (60 * beatsPerBar));
  if (bars >= 1) {
    const bpm = (bars * beatsPerBar * 60) / seconds;
    if (Math.abs(bpm / baseBpm - 1) <= (explicit ? MAX_BAR_STRETCH_EXPLICIT : MAX_BAR_STRETCH))
      return { seconds, beats: bars * beatsPerBar, bpm, barAligned: true };
  }
  const beats = Math.max(1, Math.round((seconds * baseBpm) / 60));
  return { seconds, beats, bpm: (beats * 60) / seconds, barAligned: false };
}

function cost(fits: readonly SpanFit[], baseBpm: number): number {
  return fits.reduce((sum, fit) => {
    const stretch = fit.bpm / baseBpm - 1;
    return sum + fit.seconds * (stretch * stretch + (fit.barAligned ? 0 : 0.004));
  }, 0);
}

/** Picks the base tempo near `bpm` that fits every span best, and returns each span's fit. */
export function fitSpans(
  spanSeconds: readonly number[],
  bpm: number,
  beatsPerBar: number,
  explicit: boolean,
): SpanFit[] {
  const range = explicit ? SEARCH_EXPLICIT : SEARCH_FREE;
  // Judged against the candidate and, a little, against the plan's tempo, so the search does not
  // drift to the edge of its range for no gain.
  const total = (fits: readonly SpanFit[], candidate: number): number =>
    cost(fits, candidate) + 0.05 * cost(fits, bpm);
  let best: SpanFit[] = spanSeconds.map((s) => fitSpan(s, bpm, beatsPerBar, explicit));
  if (spanSeconds.length === 1) return best;
  let bestCost = total(best, bpm);
  for (let candidate = bpm * (1 - range); candidate <= bpm * (1 + range); candidate += 0.25) {
    const fits = spanSeconds.map((s) => fitSpan(s, candidate, beatsPerBar, explicit));
    const score = total(fits, candidate);
    if (score < bestCost) {
      bestCost = score;
      best = fits;
    }
  }
  return best;
}
