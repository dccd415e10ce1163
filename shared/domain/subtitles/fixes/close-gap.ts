import type { Cue } from '../cue';
import type { QcContext } from '../issue';
import type { Fix } from './fix';
import { replaceAt } from './fix';

/**
 * Makes the pause after a cue exactly the minimum gap when it is shorter than the profile's
 * close-gaps threshold: a too-short gap is opened (the cue ends earlier), a small one is closed
 * (the cue ends later) so the text does not blink off and on. Overlaps are left to shift-overlap.
 */
export const closeGap: Fix = (cues, cueId, { limits, profile }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return cues;
  const gap = next.startMs - cue.endMs;
  const threshold = Math.max(limits.minGapMs, profile.closeGapsBelowMs);
  if (gap < 0 || gap === limits.minGapMs || gap >= threshold) return cues;
  const end = next.startMs - limits.minGapMs;
  if (end <= cue.startMs) return cues;
  return replaceAt(cues, index, { ...cue, endMs: end });
};

/** close-gap applied after every cue (Aegisub's "close gaps" over the whole file). */
export function closeSmallGaps(cues: readonly Cue[], context: QcContext): readonly Cue[] {
  let result = cues;
  for (const cue of cues) result = closeGap(result, cue.id, context);
  return result;
}
