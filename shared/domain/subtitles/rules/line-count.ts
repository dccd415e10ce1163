import type { QcIssue, QcRule } from '../issue';
import { visibleLines } from '../text';

/** Number of visible lines on screen at once. */
export const lineCountRule: QcRule = {
  id: 'line-count',
  title: 'Lines per cue',
  check(cues, { limits }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const lines = visibleLines(cue.text).length;
      if (lines <= limits.maxLines) continue;
      issues.push({
        rule: 'line-count',
        cueId: cue.id,
        severity: 'warning',
        message: `Shows ${lines} lines; the limit is ${limits.maxLines}. Rebalance the text or split the cue.`,
        fix: 'rebalance-lines',
        measured: lines,
        limit: limits.maxLines,
      });
    }
    return issues;
  },
};
