import type { QcIssue, QcRule } from '../issue';

/**
 * A cue that starts before the previous one ends. Two texts on screen at once is refused by the
 * server's preflight when it cannot trim it, so this is an error here.
 */
export const overlapRule: QcRule = {
  id: 'overlap',
  title: 'Overlapping cues',
  check(cues) {
    const issues: QcIssue[] = [];
    let latestEnd = -Infinity;
    for (const cue of cues) {
      // Cues with reversed timing are the timing rule's; they would flag every neighbour.
      if (cue.endMs <= cue.startMs) continue;
      const overlap = latestEnd - cue.startMs;
      if (overlap > 0) {
        issues.push({
          rule: 'overlap',
          cueId: cue.id,
          severity: 'error',
          message: `Starts ${overlap} ms before the previous cue ends. Move it later or end the previous cue sooner.`,
          fix: 'shift-overlap',
          measured: overlap,
          limit: 0,
        });
      }
      latestEnd = Math.max(latestEnd, cue.endMs);
    }
    return issues;
  },
};
