import type { QcIssue, QcRule } from '../issue';
import { visibleText } from '../text';

/** Cues with nothing visible (only spaces or markup): shown as a blank flash, spoken as nothing. */
export const emptyTextRule: QcRule = {
  id: 'empty-text',
  title: 'Empty cues',
  check(cues) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      if (visibleText(cue.text) !== '') continue;
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
