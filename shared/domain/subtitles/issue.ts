import type { Cue } from './cue';
import type { QcProfile, ReadingLimits } from './profiles';
import type { TextMeasures } from './text';

/** The id of every QC rule (one file each under rules/). */
export type RuleId =
  | 'cps'
  | 'chars-per-line'
  | 'line-count'
  | 'min-duration'
  | 'max-duration'
  | 'min-gap'
  | 'overlap'
  | 'timing'
  | 'order'
  | 'empty-text';

/** The id of every fix (one file each under fixes/). */
export type FixId =
  | 'rebalance-lines'
  | 'extend-into-gap'
  | 'trim-to-max'
  | 'close-gap'
  | 'shift-overlap'
  | 'trim-overlap'
  | 'repair-timing'
  | 'sort-by-start'
  | 'remove-empty';

/**
 * `error`: the server would refuse the script (422 before billing), so upload is blocked;
 * `warning`: a reading-norm breach the server also only warns about.
 */
export type Severity = 'error' | 'warning';

/** One QC finding, as a value. `measured`/`limit` let the editor draw a meter. */
export interface QcIssue {
  rule: RuleId;
  cueId: string;
  severity: Severity;
  message: string;
  /** The fix that resolves it, when one can be applied mechanically. */
  fix?: FixId;
  measured?: number;
  limit?: number;
}

export interface QcContext {
  language: string;
  profile: QcProfile;
  limits: ReadingLimits;
  /** Visible lines and lengths of a cue text (remembered for the run). */
  measure: (text: string) => TextMeasures;
}

/** A QC rule: looks at the whole list (neighbours matter for gaps) and returns its issues. */
export interface QcRule {
  id: RuleId;
  /** What the rule checks, for the settings screen and the QC list header. */
  title: string;
  check(cues: readonly Cue[], context: QcContext): QcIssue[];
}
