import type { Fix } from './fix';
import { replaceAt } from './fix';

/** Ends an over-long cue at the profile's maximum duration. */
export const trimToMax: Fix = (cues, cueId, { limits }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  if (!cue || cue.endMs - cue.startMs <= limits.maxDurationMs) return cues;
  return replaceAt(cues, index, { ...cue, endMs: cue.startMs + limits.maxDurationMs });
};
