import { durationMs } from '../cue';
import type { QcIssue, QcRule } from '../issue';

/** Cues that stay on screen after they have been read. */
export const maxDurationRule: QcRule = {
  id: 'max-duration',
  title: 'Maximum duration',
  check(cues, { limits }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const duration = durationMs(cue);
      if (duration <= limits.maxDurationMs) continue;
      issues.push({
        rule: 'max-duration',
        cueId: cue.id,
        severity: 'warning',
        message: `Lasts ${duration} ms; the maximum is ${limits.maxDurationMs} ms. Trim it or split it.`,
        fix: 'trim-to-max',
        measured: duration,
        limit: limits.maxDurationMs,
      });
    }
    return issues;
  },
};
