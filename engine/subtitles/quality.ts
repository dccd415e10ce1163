import type { LanguageCode } from '../../shared/api/languages';
import type { Cue } from './cue';
import { visibleText } from './cue';
import { displayLength, readingNorms } from './norms';

export type CueWarningCode =
  'high_text_speed' | 'line_too_long' | 'too_many_lines' | 'cue_too_short' | 'cue_too_long';

/** A non-blocking reading issue of one cue, in the shape proofread `warnings` carry (docs/api-notes.md 5.4). */
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

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Measures every cue against the language's reading norms. */
export function cueWarnings(cues: readonly Cue[], language: LanguageCode): CueWarning[] {
  const norms = readingNorms(language);
  const warnings: CueWarning[] = [];
  cues.forEach((cue, i) => {
    const number = i + 1;
    const lines = visibleText(cue.text).split('\n').filter(Boolean);
    const characters = lines.reduce((sum, line) => sum + displayLength(line), 0);
    const duration = cue.end - cue.start;
    const cps = duration > 0 ? characters / duration : Infinity;
    if (cps > norms.maxCharsPerSecond) {
      warnings.push({
        cue: number,
        code: 'high_text_speed',
        severity: 'warning',
        characters_per_second: Number.isFinite(cps) ? round2(cps) : characters,
        limit: norms.maxCharsPerSecond,
      });
    }
    const longest = Math.max(0, ...lines.map(displayLength));
    if (longest > norms.maxLineChars) {
      warnings.push({
        cue: number,
        code: 'line_too_long',
        severity: 'warning',
        line_length: longest,
        limit: norms.maxLineChars,
      });
    }
    if (lines.length > norms.maxLines) {
      warnings.push({
        cue: number,
        code: 'too_many_lines',
        severity: 'warning',
        lines: lines.length,
        limit: norms.maxLines,
      });
    }
    if (duration < norms.minDuration) {
      warnings.push({
        cue: number,
        code: 'cue_too_short',
        severity: 'warning',
        duration_seconds: round2(duration),
        limit: norms.minDuration,
      });
    } else if (duration > norms.maxDuration) {
      warnings.push({
        cue: number,
        code: 'cue_too_long',
        severity: 'warning',
        duration_seconds: round2(duration),
        limit: norms.maxDuration,
      });
    }
  });
  return warnings;
}
