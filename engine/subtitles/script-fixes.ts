import type { LanguageCode } from '../../shared/api/languages';
import type { Cue } from './cue';
import { renumber, visibleText } from './cue';
import { displayLength, readingNorms } from './norms';
import { wrapSubtitleText } from './wrap';

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

/** Overlaps shorter than this are trimmed; anything longer is a timing error to fix by hand. */
const MAX_TRIMMED_OVERLAP = 0.5;
const MIN_CUE_AFTER_TRIM = 0.2;

function timingProblems(cues: readonly Cue[], mediaDuration?: number): ScriptProblem[] {
  const problems: ScriptProblem[] = [];
  cues.forEach((cue, i) => {
    const n = i + 1;
    if (cue.start < 0 || cue.end < 0)
      problems.push({ code: 'negative_time', cue: n, message: `Cue ${n} has a negative time` });
    if (cue.end <= cue.start)
      problems.push({
        code: 'end_before_start',
        cue: n,
        message: `Cue ${n} ends before it starts`,
      });
    const previous = cues[i - 1];
    if (previous && cue.start < previous.start) {
      problems.push({
        code: 'cues_out_of_order',
        cue: n,
        message: `Cue ${n} starts before cue ${n - 1}`,
      });
    }
    if (mediaDuration !== undefined && cue.start >= mediaDuration) {
      problems.push({
        code: 'cue_after_media_end',
        cue: n,
        message: `Cue ${n} starts at ${cue.start.toFixed(3)} s, after the video ends (${mediaDuration.toFixed(3)} s)`,
      });
    }
  });
  return problems;
}

/** Removes empty cues, trims small overlaps, re-wraps over-long lines; reports what changed. */
export function checkAndFixScript(
  parsed: readonly Cue[],
  language: LanguageCode,
  mediaDuration?: number,
): ScriptCheck {
  const problems = timingProblems(parsed, mediaDuration);
  const changes: ScriptChange[] = [];
  const kept: Cue[] = [];
  parsed.forEach((cue, i) => {
    if (visibleText(cue.text) === '') {
      changes.push({ cue: i + 1, code: 'empty_cue_removed', before: cue.text, after: '' });
    } else {
      kept.push({ ...cue });
    }
  });
  for (let i = 0; i + 1 < kept.length; i += 1) {
    const cue = kept[i] as Cue;
    const next = kept[i + 1] as Cue;
    const overlap = cue.end - next.start;
    if (overlap <= 0 || next.start < cue.start) continue;
    if (overlap <= MAX_TRIMMED_OVERLAP && next.start - cue.start >= MIN_CUE_AFTER_TRIM) {
      changes.push({
        cue: cue.index,
        code: 'overlap_trimmed',
        before: `end ${cue.end}`,
        after: `end ${next.start}`,
      });
      cue.end = next.start;
    } else {
      problems.push({
        code: 'overlapping_cues',
        cue: cue.index,
        message: `Cue ${cue.index} overlaps the next cue by ${overlap.toFixed(3)} s`,
      });
    }
  }
  const { maxLineChars } = readingNorms(language);
  for (const cue of kept) {
    const lines = visibleText(cue.text).split('\n');
    const longest = Math.max(...lines.map(displayLength));
    if (longest <= maxLineChars) continue;
    const wrapped = wrapSubtitleText(lines.join(' '), language);
    if (Math.max(...wrapped.map(displayLength)) >= longest) continue;
    const after = wrapped.join('\n');
    changes.push({ cue: cue.index, code: 'line_shortened', before: cue.text, after });
    cue.text = after;
  }
  return { cues: renumber(kept), problems, changes };
}
