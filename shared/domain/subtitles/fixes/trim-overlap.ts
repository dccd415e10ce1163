import type { Fix } from './fix';
import { replaceAt } from './fix';

/**
 * Resolves an overlap the other way from shift-overlap: the previous cue ends where this one
 * starts (what the dubbing service's preflight does with small overlaps). Does nothing when the
 * previous cue would be left with no duration.
 */
export const trimOverlap: Fix = (cues, cueId) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  const previous = cues[index - 1];
  if (!cue || !previous || previous.endMs <= cue.startMs || cue.startMs <= previous.startMs)
    return cues;
  return replaceAt(cues, index - 1, { ...previous, endMs: cue.startMs });
};
