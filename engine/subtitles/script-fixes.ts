import type { LanguageCode } from '../../shared/api/languages';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { applyFix } from '../../shared/domain/subtitles/fixes';
import { qcContext } from '../../shared/domain/subtitles/qc';
import { orderRule } from '../../shared/domain/subtitles/rules/order';
import { timingRule } from '../../shared/domain/subtitles/rules/timing';
import { visibleLength, visibleLines, visibleText } from '../../shared/domain/subtitles/text';

/** A blocking problem found in a submitted script. */
export interface ScriptProblem {
  code: string;
  message: string;
  cue?: number;
  line?: number;
}

/** An edit the pipeline made to a submitted script (why preflight says review_required). */
export interface ScriptChange {
  cue: number;
  code: 'empty_cue_removed' | 'overlap_trimmed' | 'line_shortened';
  before: string;
  after: string;
}

export interface ScriptCheck {
  cues: Cue[];
  problems: ScriptProblem[];
  changes: ScriptChange[];
}

/** Overlaps up to this are trimmed; anything longer is a timing error to fix by hand. */
const MAX_TRIMMED_OVERLAP_MS = 500;
const MIN_CUE_AFTER_TRIM_MS = 200;

const longestLine = (text: string) => Math.max(0, ...visibleLines(text).map(visibleLength));

function timingProblems(
  cues: readonly Cue[],
  number: (id: string) => number,
  context: ReturnType<typeof qcContext>,
  mediaDurationMs?: number,
): ScriptProblem[] {
  const problems: ScriptProblem[] = [];
  for (const issue of timingRule.check(cues, context)) {
    const cue = cues.find((c) => c.id === issue.cueId)!;
    const n = number(cue.id);
    const code =
      cue.startMs < 0 || cue.endMs < 0
        ? 'negative_time'
        : cue.endMs === cue.startMs
          ? 'zero_duration'
          : 'end_before_start';
    problems.push({ code, cue: n, message: `Cue ${n}: ${issue.message}` });
  }
  for (const issue of orderRule.check(cues, context)) {
    const n = number(issue.cueId);
    problems.push({
      code: 'cues_out_of_order',
      cue: n,
      message: `Cue ${n} starts before cue ${n - 1}`,
    });
  }
  if (mediaDurationMs !== undefined) {
    for (const cue of cues) {
      if (cue.startMs < mediaDurationMs) continue;
      const n = number(cue.id);
      problems.push({
        code: 'cue_after_media_end',
        cue: n,
        message: `Cue ${n} starts at ${(cue.startMs / 1000).toFixed(3)} s, after the video ends (${(mediaDurationMs / 1000).toFixed(3)} s)`,
      });
    }
  }
  return problems;
}

/**
 * The service's preflight edits: removes empty cues, trims small overlaps (the earlier cue ends
 * where the next starts), re-wraps over-long lines, all with the shared fixes; reports what
 * changed and what blocks the script. Cue numbers are positions in the submitted file.
 */
export function checkAndFixScript(
  parsed: readonly Cue[],
  language: LanguageCode,
  mediaDurationMs?: number,
): ScriptCheck {
  const positions = new Map(parsed.map((cue, i) => [cue.id, i + 1]));
  const number = (id: string) => positions.get(id) ?? 0;
  const context = qcContext({ language });
  const problems = timingProblems(parsed, number, context, mediaDurationMs);
  const changes: ScriptChange[] = [];
  let cues: readonly Cue[] = parsed;
  for (const cue of parsed) {
    if (visibleText(cue.text) !== '') continue;
    changes.push({ cue: number(cue.id), code: 'empty_cue_removed', before: cue.text, after: '' });
    cues = applyFix('remove-empty', cues, cue.id, context);
  }
  for (let i = 1; i < cues.length; i += 1) {
    const previous = cues[i - 1]!;
    const cue = cues[i]!;
    const overlap = previous.endMs - cue.startMs;
    if (overlap <= 0 || cue.startMs < previous.startMs) continue;
    if (
      overlap <= MAX_TRIMMED_OVERLAP_MS &&
      cue.startMs - previous.startMs >= MIN_CUE_AFTER_TRIM_MS
    ) {
      changes.push({
        cue: number(previous.id),
        code: 'overlap_trimmed',
        before: `end ${previous.endMs / 1000}`,
        after: `end ${cue.startMs / 1000}`,
      });
      cues = applyFix('trim-overlap', cues, cue.id, context);
    } else {
      problems.push({
        code: 'overlapping_cues',
        cue: number(previous.id),
        message: `Cue ${number(previous.id)} overlaps the next cue by ${(overlap / 1000).toFixed(3)} s`,
      });
    }
  }
  for (const cue of [...cues]) {
    const longest = longestLine(cue.text);
    if (longest <= context.limits.maxLineChars) continue;
    const fixed = applyFix('rebalance-lines', cues, cue.id, context);
    const after = fixed.find((c) => c.id === cue.id)!;
    if (longestLine(after.text) >= longest) continue;
    changes.push({
      cue: number(cue.id),
      code: 'line_shortened',
      before: cue.text,
      after: after.text,
    });
    cues = fixed;
  }
  return { cues: [...cues], problems, changes };
}
