import type { QcIssue, QcRule } from '../issue';

/** Line length in visible characters (markup and combining marks not counted). */
export const charsPerLineRule: QcRule = {
  id: 'chars-per-line',
  title: 'Characters per line',
  check(cues, { limits, measure }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const { longest } = measure(cue.text);
      if (longest <= limits.maxLineChars) continue;
      issues.push({
        rule: 'chars-per-line',
        cueId: cue.id,
        severity: 'warning',
        message: `A line has ${longest} characters; the limit is ${limits.maxLineChars}. Break or rebalance the lines.`,
        fix: 'rebalance-lines',
        measured: longest,
        limit: limits.maxLineChars,
      });
    }
    return issues;
  },
};
