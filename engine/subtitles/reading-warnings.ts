import type { Cue } from '../../shared/domain/subtitles/cue';
import type { QcIssue, RuleId } from '../../shared/domain/subtitles/issue';
import { runQc } from '../../shared/domain/subtitles/qc';

export type CueWarningCode =
  'high_text_speed' | 'line_too_long' | 'too_many_lines' | 'cue_too_short' | 'cue_too_long';

/** A non-blocking reading issue of one cue, in the shape proofread `warnings` carry (docs/subtitles.md, "Service reports"). */
export interface CueWarning {
  /** 1-based cue number. */
  cue: number;
  code: CueWarningCode;
  severity: 'warning';
  characters_per_second?: number;
  line_length?: number;
  lines?: number;
  duration_seconds?: number;
  limit: number;
}

const seconds = (ms: number) => Math.round(ms / 10) / 100;

/** The service's warning code and measurement field for each shared QC rule it reports. */
const AS_WARNING: Partial<
  Record<RuleId, (issue: QcIssue) => Omit<CueWarning, 'cue' | 'severity'>>
> = {
  cps: (i) => ({ code: 'high_text_speed', characters_per_second: i.measured, limit: i.limit ?? 0 }),
  'chars-per-line': (i) => ({
    code: 'line_too_long',
    line_length: i.measured,
    limit: i.limit ?? 0,
  }),
  'line-count': (i) => ({ code: 'too_many_lines', lines: i.measured, limit: i.limit ?? 0 }),
  'min-duration': (i) => ({
    code: 'cue_too_short',
    duration_seconds: seconds(i.measured ?? 0),
    limit: (i.limit ?? 0) / 1000,
  }),
  'max-duration': (i) => ({
    code: 'cue_too_long',
    duration_seconds: seconds(i.measured ?? 0),
    limit: (i.limit ?? 0) / 1000,
  }),
};

/**
 * Measures every cue against the language's reading norms (the shared QC rules with the default
 * Streaming profile) and answers the service's warning shape, ordered by cue.
 */
export function cueWarnings(cues: readonly Cue[], language: string): CueWarning[] {
  const numbers = new Map(cues.map((cue, i) => [cue.id, i + 1]));
  const warnings: CueWarning[] = [];
  for (const issue of runQc(cues, { language })) {
    const shape = AS_WARNING[issue.rule];
    if (shape)
      warnings.push({ cue: numbers.get(issue.cueId) ?? 0, severity: 'warning', ...shape(issue) });
  }
  return warnings.sort((a, b) => a.cue - b.cue);
}
