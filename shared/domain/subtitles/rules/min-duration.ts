import { durationMs } from '../cue';
import type { QcIssue, QcRule } from '../issue';

/** Cues too short to be read at all. */
export const minDurationRule: QcRule = {
  id: 'min-duration',
  title: 'Minimum duration',
  check(cues, { limits }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const duration = durationMs(cue);
      // Zero and negative durations are reported by the timing rule instead.
      if (duration <= 0 || duration >= limits.minDurationMs) continue;
      issues.push({
        rule: 'min-duration',
        cueId: cue.id,
        severity: 'warning',
        message: `Lasts ${duration} ms; the minimum is ${limits.minDurationMs} ms. Extend it into the following gap.`,
        fix: 'extend-into-gap',
        measured: duration,
        limit: limits.minDurationMs,
      });
    }
    return issues;
  },
};
