import { clockTime } from '../cue';
import type { QcIssue, QcRule } from '../issue';

/** Negative times and cues that end before (or when) they start: no player can show them. */
export const timingRule: QcRule = {
  id: 'timing',
  title: 'Negative or reversed timing',
  check(cues) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      let message: string | null = null;
      if (cue.startMs < 0 || cue.endMs < 0)
        message = `Has a negative time (${clockTime(Math.min(cue.startMs, cue.endMs))}). Times start at 0.`;
      else if (cue.endMs < cue.startMs)
        message = `Ends (${clockTime(cue.endMs)}) before it starts (${clockTime(cue.startMs)}).`;
      else if (cue.endMs === cue.startMs)
        message = `Has no duration: it starts and ends at ${clockTime(cue.startMs)}.`;
      if (message)
        issues.push({
          rule: 'timing',
          cueId: cue.id,
          severity: 'error',
          message,
          fix: 'repair-timing',
        });
    }
    return issues;
  },
};
