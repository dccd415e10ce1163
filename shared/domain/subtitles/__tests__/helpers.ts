import type { Cue } from '../cue';

/** Builds cues `c1..cN` from [startMs, endMs, text] rows. */
export const cues = (...rows: [number, number, string][]): Cue[] =>
  rows.map(([startMs, endMs, text], i) => ({ id: `c${i + 1}`, startMs, endMs, text }));
