import type { QcIssue, QcRule } from '../issue';

/** A cue that starts before the cue listed above it: players expect cues in time order. */
export const orderRule: QcRule = {
  id: 'order',
  title: 'Cues in time order',
  check(cues) {
    const issues: QcIssue[] = [];
    for (let i = 1; i < cues.length; i += 1) {
      const previous = cues[i - 1]!;
      const cue = cues[i]!;
      if (cue.startMs >= previous.startMs) continue;
      issues.push({
        rule: 'order',
        cueId: cue.id,
        severity: 'error',
        message: `Starts before the cue listed above it. Sort the cues by start time.`,
        fix: 'sort-by-start',
      });
    }
    return issues;
  },
};
