import type { LanguageCode } from '../../shared/api/languages';
import { LIMITS } from '../../shared/api/limits';
import type { Cue } from '../../shared/domain/subtitles/cue';
import type { ReadError } from '../../shared/domain/subtitles/file';
import { checkDeclaredLanguage } from '../../shared/domain/subtitles/language';
import { visibleText } from '../../shared/domain/subtitles/text';
import { decodeSubtitleBytes } from '../../shared/node/subtitles/decode';
import { parseSubtitleText } from '../../shared/node/subtitles/parse';
import { formatFromName } from '../../shared/node/subtitles/read';
import type { CueWarning } from './reading-warnings';
import { cueWarnings } from './reading-warnings';
import type { ScriptChange, ScriptProblem } from './script-fixes';
import { checkAndFixScript } from './script-fixes';

export type PreflightStatus = 'ok' | 'review_required' | 'blocked';

/** The per-language report of dubbing's `subtitle_preflight` (shape in docs/subtitles.md, "Service reports"). */
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

/** The report's problem code for each way reading can fail (codes clients already know). */
const READ_PROBLEM: Record<ReadError['code'], string> = {
  empty_file: 'no_cues',
  binary_file: 'invalid_encoding',
  unsupported_encoding: 'invalid_encoding',
  not_subtitles: 'parse_error',
  bad_timing: 'parse_error',
  too_large_to_read: 'file_too_large',
};

const problemOf = (error: ReadError): ScriptProblem => ({
  code: READ_PROBLEM[error.code],
  message: error.message,
  ...(error.line !== undefined ? { line: error.line } : {}),
});

function byteLength(content: Uint8Array | string): number {
  return typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
}

/** Extension and size first (cheap, and what the service checks first), then the shared reader. */
function readScript(
  input: ScriptInput,
): { cues: Cue[]; problems: ScriptProblem[] } | { problem: ScriptProblem } {
  const format = formatFromName(input.filename);
  if (!format) {
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
  let text = input.content;
  if (typeof text !== 'string') {
    const decoded = decodeSubtitleBytes(text);
    if (!decoded.ok) return { problem: problemOf(decoded.error) };
    // The editor now reads UTF-32 so a user can open and re-save such a file, but nothing shows
    // the service accepts UTF-32 scripts: the engine keeps refusing them before any charge.
    if (decoded.encoding.startsWith('utf-32'))
      return {
        problem: {
          code: 'invalid_encoding',
          message: 'The script is UTF-32: save it as UTF-8 and send it again',
        },
      };
    text = decoded.text;
  } else if (text.trim() === '') {
    return { problem: { code: 'no_cues', message: 'The script is empty' } };
  }
  const parsed = parseSubtitleText(text, format);
  if (!parsed.ok) return { problem: problemOf(parsed.error) };
  // The reader sets negative times to 0 to stay editable; the service refuses them.
  const negative = parsed.value.repairs.find((repair) => repair.code === 'negative-time');
  const problems: ScriptProblem[] = negative
    ? [{ code: 'negative_time', line: negative.line, message: negative.message }]
    : [];
  return { cues: parsed.value.cues, problems };
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
  const read = readScript(input);
  if ('problem' in read) {
    problems.push(read.problem);
  } else {
    problems.push(...read.problems);
    const checked = checkAndFixScript(
      read.cues,
      input.language,
      input.mediaDuration === undefined ? undefined : Math.round(input.mediaDuration * 1000),
    );
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
