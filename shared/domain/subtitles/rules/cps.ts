import { durationMs } from '../cue';
import type { QcIssue, QcRule } from '../issue';

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Reading speed: visible characters per second of the cue's duration. */
export const cpsRule: QcRule = {
  id: 'cps',
  title: 'Reading speed (characters per second)',
  check(cues, { limits, measure }) {
    const issues: QcIssue[] = [];
    for (const cue of cues) {
      const duration = durationMs(cue);
      // Zero and negative durations are the timing rule's; no speed can be measured.
      if (duration <= 0) continue;
      const { chars } = measure(cue.text);
      const cps = (chars * 1000) / duration;
      if (cps <= limits.maxCps) continue;
      issues.push({
        rule: 'cps',
        cueId: cue.id,
        severity: 'warning',
        message: `Reads at ${round1(cps)} characters per second; the limit is ${limits.maxCps}. Shorten the text or lengthen the cue.`,
        fix: 'extend-into-gap',
        measured: round1(cps),
        limit: limits.maxCps,
      });
    }
    return issues;
  },
};
