import { visibleCharCount } from '../text';
import type { Fix } from './fix';
import { replaceAt, roomUntilNext } from './fix';

/**
 * Lengthens a cue that is too short or reads too fast, into the silence after it: up to the
 * duration its text needs at the CPS limit (at least the minimum duration, at most the maximum),
 * stopping the minimum gap before the next cue.
 */
export const extendIntoGap: Fix = (cues, cueId, { limits }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  if (!cue || cue.endMs <= cue.startMs) return cues;
  const needed = Math.ceil((visibleCharCount(cue.text) * 1000) / limits.maxCps);
  const wanted = Math.min(limits.maxDurationMs, Math.max(limits.minDurationMs, needed));
  const end = Math.min(cue.startMs + wanted, roomUntilNext(cues, index, limits.minGapMs));
  if (end <= cue.endMs) return cues;
  return replaceAt(cues, index, { ...cue, endMs: end });
};
