import type { QcIssue, QcRule } from '../issue';

/** Cues with nothing visible (only spaces or markup): shown as a blank flash, spoken as nothing. */
export const emptyTextRule: QcRule = {
  id: 'empty-text',
  title: 'Empty cues',
  check(cues, { measure }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      if (measure(cue.text).lines.length > 0) continue;
      issues.push({
        rule: 'empty-text',
        cueId: cue.id,
        severity: 'warning',
        message: 'Has no visible text. Type the line or remove the cue.',
        fix: 'remove-empty',
      });
    }
    return issues;
  },
};
