import type { LanguageCode } from '../../shared/api/languages';
import { LIMITS } from '../../shared/api/limits';
import type { Cue } from './cue';
import { visibleText } from './cue';
import { parseSubtitles, subtitleFormatOf } from './format';
import { checkDeclaredLanguage } from './language';
import type { CueWarning } from './quality';
import { cueWarnings } from './quality';
import type { ScriptChange, ScriptProblem } from './script-fixes';
import { checkAndFixScript } from './script-fixes';

export type PreflightStatus = 'ok' | 'review_required' | 'blocked';

/** The per-language report of dubbing's `subtitle_preflight` (docs/api-notes.md 5.4). */
export interface PreflightReport {
  status: PreflightStatus;
  cue_count: number;
  issues: string[];
  changes_count: number;
  report_url: string | null;
}

/** The full report published at `report_url`. */
export interface PreflightDetails {
  language: LanguageCode;
  filename: string;
  status: PreflightStatus;
  cue_count: number;
  issues: string[];
  problems: ScriptProblem[];
  changes: ScriptChange[];
  warnings: CueWarning[];
  language_detection: { detected: string | null; accuracy: number };
}

export interface ScriptInput {
  filename: string;
  content: Uint8Array | string;
  language: LanguageCode;
  /** When known, cues starting after the media ends are refused. */
  mediaDuration?: number;
}

export interface PreflightOutcome {
  report: PreflightReport;
  /** Cleaned cues (empty ones removed, overlaps trimmed, long lines re-wrapped). */
  cues: Cue[];
  details: PreflightDetails;
}

/** Publishes the full report and answers its URL (null when it cannot be published). */
export type PublishReport = (details: PreflightDetails) => Promise<string | null>;

function decodeScript(content: Uint8Array | string): string | null {
  if (typeof content === 'string') return content;
  try {
    if (content[0] === 0xff && content[1] === 0xfe)
      return new TextDecoder('utf-16le').decode(content);
    if (content[0] === 0xfe && content[1] === 0xff)
      return new TextDecoder('utf-16be').decode(content);
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return null;
  }
}

function byteLength(content: Uint8Array | string): number {
  return typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
}

function screen(input: ScriptInput): { text: string } | { problem: ScriptProblem } {
  if (!subtitleFormatOf(input.filename)) {
    return {
      problem: {
        code: 'unsupported_extension',
        message: `"${input.filename}" is not a .srt or .vtt file`,
      },
    };
  }
  if (byteLength(input.content) > LIMITS.subtitleFileMaxBytes) {
    return { problem: { code: 'file_too_large', message: 'Subtitle files may be at most 1 MiB' } };
  }
  const text = decodeScript(input.content);
  if (text === null)
    return {
      problem: { code: 'invalid_encoding', message: 'The file is not valid UTF-8 or UTF-16 text' },
    };
  return { text };
}

/**
 * Validates one submitted target-language script: format, size, parse errors, timing, emptiness,
 * language of the text and reading norms. Blocking problems make the status `blocked`; edits
 * the pipeline made make it `review_required`; reading-norm warnings alone leave it `ok`.
 */
export async function preflightScript(
  input: ScriptInput,
  publish?: PublishReport,
): Promise<PreflightOutcome> {
  const problems: ScriptProblem[] = [];
  let changes: ScriptChange[] = [];
  let cues: Cue[] = [];
  let warnings: CueWarning[] = [];
  let detection = { detected: null as string | null, accuracy: 0 };
  const screened = screen(input);
  if ('problem' in screened) {
    problems.push(screened.problem);
  } else {
    const format = subtitleFormatOf(input.filename) ?? 'srt';
    const parsed = parseSubtitles(screened.text, format);
    for (const error of parsed.errors)
      problems.push({ code: 'parse_error', line: error.line, message: error.message });
    const checked = checkAndFixScript(parsed.cues, input.language, input.mediaDuration);
    problems.push(...checked.problems);
    changes = checked.changes;
    cues = checked.cues;
    if (cues.length === 0)
      problems.push({ code: 'no_cues', message: 'The script has no cue with text' });
    const verdict = checkDeclaredLanguage(
      cues.map((c) => visibleText(c.text)).join('\n'),
      input.language,
    );
    detection = { detected: verdict.detected, accuracy: verdict.accuracy };
    if (!verdict.matches) {
      problems.push({
        code: 'language_mismatch',
        message: `The text reads as "${verdict.detected}", not the declared language "${input.language}"`,
      });
    }
    warnings = cueWarnings(cues, input.language);
  }
  const status: PreflightStatus =
    problems.length > 0 ? 'blocked' : changes.length > 0 ? 'review_required' : 'ok';
  const issues = [
    ...new Set([
      ...problems.map((p) => p.code),
      ...changes.map((c) => c.code),
      ...warnings.map((w) => w.code),
    ]),
  ];
  const details: PreflightDetails = {
    language: input.language,
    filename: input.filename,
    status,
    cue_count: cues.length,
    issues,
    problems,
    changes,
    warnings,
    language_detection: detection,
  };
  const reportUrl = publish ? await publish(details) : null;
  return {
    report: {
      status,
      cue_count: cues.length,
      issues,
      changes_count: changes.length,
      report_url: reportUrl,
    },
    cues,
    details,
  };
}
