import type { QcIssue, QcRule } from '../issue';

/** Number of visible lines on screen at once. */
export const lineCountRule: QcRule = {
  id: 'line-count',
  title: 'Lines per cue',
  check(cues, { limits, measure }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const lines = measure(cue.text).lines.length;
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
