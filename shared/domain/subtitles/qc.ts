import type { Cue } from './cue';
import type { QcContext, QcIssue, RuleId } from './issue';
import type { QcProfile } from './profiles';
import { limitsFor, STREAMING_PROFILE } from './profiles';
import { QC_RULES } from './rules';
import { memoMeasure } from './text';

export interface QcOptions {
  language: string;
  profile?: QcProfile;
  /** Rules to skip (the editor lets users switch rules off). */
  skip?: readonly RuleId[];
}

export function qcContext({ language, profile = STREAMING_PROFILE }: QcOptions): QcContext {
  return { language, profile, limits: limitsFor(profile, language), measure: memoMeasure() };
}

/** Runs every rule over the cues; issues come rule by rule, each rule in cue order. */
export function runQc(cues: readonly Cue[], options: QcOptions): QcIssue[] {
  const context = qcContext(options);
  const skip = new Set(options.skip ?? []);
  const issues: QcIssue[] = [];
  for (const rule of QC_RULES) if (!skip.has(rule.id)) issues.push(...rule.check(cues, context));
  return issues;
}

/** True when any issue would make the server refuse the script. */
export const hasBlockingIssue = (issues: readonly QcIssue[]): boolean =>
  issues.some((issue) => issue.severity === 'error');
