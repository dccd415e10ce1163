import { visibleCharCount } from '../text';
import type { Fix } from './fix';
import { replaceAt } from './fix';

/**
 * Makes a cue's timing showable: a negative start becomes 0, and a cue that ends before (or
 * when) it starts gets the duration its text needs (at least the minimum), stopping before the
 * next cue. It never runs into the next cue; when there is no room it leaves the cue for a
 * person to place.
 */
export const repairTiming: Fix = (cues, cueId, { limits }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  if (!cue) return cues;
  const start = Math.max(0, cue.startMs);
  let end = Math.max(0, cue.endMs);
  if (end <= start) {
    const needed = Math.ceil((visibleCharCount(cue.text) * 1000) / limits.maxCps);
    const wanted = start + Math.min(limits.maxDurationMs, Math.max(limits.minDurationMs, needed));
    const next = cues[index + 1];
    // Stop the minimum gap before the next cue, or right at it when the gap leaves no room.
    let room = next ? next.startMs - limits.minGapMs : Infinity;
    if (next && room <= start) room = next.startMs;
    end = Math.min(wanted, room);
    if (end <= start)
      return start === cue.startMs ? cues : replaceAt(cues, index, { ...cue, startMs: start });
  }
  return replaceAt(cues, index, { ...cue, startMs: start, endMs: end });
};
