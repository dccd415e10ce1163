import type { QcIssue, QcRule } from '../issue';

/**
 * The pause between a cue and the next: shorter than the profile's minimum, consecutive cues
 * seem to flash. Overlaps (negative gaps) are the overlap rule's.
 */
export const minGapRule: QcRule = {
  id: 'min-gap',
  title: 'Minimum gap between cues',
  check(cues, { limits }) {
    const issues: QcIssue[] = [];
    for (let i = 0; i + 1 < cues.length; i += 1) {
      const cue = cues[i]!;
      const next = cues[i + 1]!;
      const gap = next.startMs - cue.endMs;
      if (gap < 0 || gap >= limits.minGapMs) continue;
      issues.push({
        rule: 'min-gap',
        cueId: cue.id,
        severity: 'warning',
        message: `Only ${gap} ms before the next cue; the minimum gap is ${limits.minGapMs} ms. End this cue earlier.`,
        fix: 'close-gap',
        measured: gap,
        limit: limits.minGapMs,
      });
    }
    return issues;
  },
};
