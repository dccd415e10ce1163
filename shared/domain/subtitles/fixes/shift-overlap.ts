import type { Fix } from './fix';

/**
 * Moves a cue that starts before the previous one ends to just after it (plus the minimum gap),
 * keeping its duration; later cues that the move runs into are pushed on the same way, so no
 * text is shortened and no new overlap appears.
 */
export const shiftOverlap: Fix = (cues, cueId, { limits }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  if (index <= 0) return cues;
  let latestEnd = -Infinity;
  for (let i = 0; i < index; i += 1) {
    const before = cues[i]!;
    if (before.endMs > before.startMs) latestEnd = Math.max(latestEnd, before.endMs);
  }
  const copy = cues.slice();
  let changed = false;
  for (let i = index; i < copy.length; i += 1) {
    const cue = copy[i]!;
    if (cue.endMs <= cue.startMs) continue;
    if (cue.startMs < latestEnd) {
      const delta = latestEnd + limits.minGapMs - cue.startMs;
      copy[i] = { ...cue, startMs: cue.startMs + delta, endMs: cue.endMs + delta };
      changed = true;
    } else if (i > index) {
      break;
    }
    latestEnd = Math.max(latestEnd, copy[i]!.endMs);
  }
  return changed ? copy : cues;
};
