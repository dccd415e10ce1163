import type { LanguageCode } from '../../api/languages';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../api/languages';
import { LIMITS } from '../../api/limits';
import type { Cue } from '../../domain/subtitles/cue';
import type {
  ReadError,
  ReadWarning,
  SubtitleEncoding,
  SubtitleFormat,
  SubtitleRead,
} from '../../domain/subtitles/file';
import { readSubtitleFileName } from '../../domain/subtitles/file-language';
import { checkDeclaredLanguage, guessLanguage } from '../../domain/subtitles/language';
import { runQc } from '../../domain/subtitles/qc';
import { visibleLength, visibleText } from '../../domain/subtitles/text';
import { decodeSubtitleBytes } from './decode';
import { parseSubtitleText } from './parse';

/** Larger than any real subtitle file by far; reading stops before memory is at risk. */
export const MAX_READ_BYTES = 20 * 1024 * 1024;
/** From this many cues the editor warns that whole-file actions take a moment. */
export const MANY_CUES = 10_000;
/** A line longer than this is almost certainly a paste accident or a file that is not subtitles. */
export const LONG_LINE_CHARS = 500;
/** Language detection reads this much text: enough for a verdict, cheap on huge files. */
const DETECTION_SAMPLE_CHARS = 4000;

export interface ReadOptions {
  /**
   * File path (or name): its extension hints the format; a language code after the name or a
   * folder named by one labels the language (readSubtitleFileName).
   */
  filename?: string;
  /** The language the file is said to be in; overrides the file name's. */
  language?: string;
  /** The encoding the user chose in the chooser; skips detection. */
  encoding?: SubtitleEncoding;
}

/** How much decoded text the encoding chooser shows. */
export const PREVIEW_CHARS = 1200;

export type ReadOutcome = { ok: true; value: SubtitleRead } | { ok: false; error: ReadError };

export function tooLargeToRead(size: number): ReadOutcome {
  return {
    ok: false,
    error: {
      code: 'too_large_to_read',
      message: `The file is ${(size / 1048576).toFixed(1)} MiB; subtitle files are far smaller (the dubbing limit is 1 MiB). Check that this is the right file.`,
    },
  };
}

export function formatFromName(filename: string | undefined): SubtitleFormat | null {
  const lower = filename?.trim().toLowerCase() ?? '';
  if (lower.endsWith('.srt')) return 'srt';
  if (lower.endsWith('.vtt')) return 'vtt';
  return null;
}

/** What the name says (`clip.es.srt`, `clip_pt-BR.vtt`, `es/clip.srt`): the rule Dub pairs by. */
function languageFromName(filename: string | undefined): LanguageCode | null {
  return filename ? readSubtitleFileName(filename).language : null;
}

const isLanguageCode = (code: string | null | undefined): code is LanguageCode =>
  (LANGUAGE_CODES as readonly string[]).includes(code ?? '');

function sampleText(cues: readonly Cue[]): string {
  let sample = '';
  for (const cue of cues) {
    if (sample.length >= DETECTION_SAMPLE_CHARS) break;
    sample += `${visibleText(cue.text)}\n`;
  }
  return sample.slice(0, DETECTION_SAMPLE_CHARS);
}

function longLineWarning(cues: readonly Cue[], cueLines: readonly number[]): ReadWarning | null {
  let count = 0;
  let first: { line: number; length: number } | null = null;
  for (let i = 0; i < cues.length; i += 1) {
    const text = cues[i]!.text;
    // No line of a cue is longer than its whole text: most cues need no split at all.
    if (text.length <= LONG_LINE_CHARS) continue;
    text.split('\n').forEach((line, j) => {
      if (line.length <= LONG_LINE_CHARS) return;
      const length = visibleLength(line);
      if (length <= LONG_LINE_CHARS) return;
      count += 1;
      first ??= { line: (cueLines[i] ?? 0) + 1 + j, length };
    });
  }
  if (!first) return null;
  const { line, length } = first;
  return {
    code: 'long-line',
    line,
    message: `${count} line(s) are far too long to show (line ${line} has ${length} characters). They are kept; break them up in the editor.`,
  };
}

function timingWarning(cues: readonly Cue[], language: string): ReadWarning | null {
  const errors = runQc(cues, {
    language,
    skip: [
      'cps',
      'chars-per-line',
      'line-count',
      'min-duration',
      'max-duration',
      'min-gap',
      'empty-text',
    ],
  });
  if (errors.length === 0) return null;
  const count = (rule: string) => errors.filter((issue) => issue.rule === rule).length;
  const parts = [
    [count('overlap'), 'overlap the cue before'],
    [count('timing'), 'have negative, reversed or zero-length timing'],
    [count('order'), 'are out of time order'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, words]) => `${n} cue(s) ${words}`);
  return {
    code: 'timing-errors',
    message: `${parts.join('; ')}. Nothing was changed: the QC list shows each one with a fix. The dubbing service refuses scripts like this.`,
  };
}

/**
 * Reads subtitle bytes: encoding, structure, cues, what was repaired, and what to warn about
 * (over the 1 MiB dubbing limit, very many cues, absurdly long lines, timing errors, text that
 * reads as another language than its label). Errors name the line where reading stopped.
 */
export function readSubtitleBytes(bytes: Uint8Array, options: ReadOptions = {}): ReadOutcome {
  if (bytes.byteLength > MAX_READ_BYTES) return tooLargeToRead(bytes.byteLength);
  const label = options.language ?? languageFromName(options.filename);
  const decoded = decodeSubtitleBytes(bytes, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    language: label,
  });
  if (!decoded.ok) return decoded;
  const parsed = parseSubtitleText(decoded.text, formatFromName(options.filename));
  if (!parsed.ok) return parsed;
  const { format, cues, repairs, vtt, cueLines } = parsed.value;
  const warnings: ReadWarning[] = [];
  if (bytes.byteLength > LIMITS.subtitleFileMaxBytes) {
    warnings.push({
      code: 'over-dubbing-limit',
      message: `The file is ${(bytes.byteLength / 1048576).toFixed(2)} MiB, over the 1 MiB dubbing limit. You can edit it, but split or shorten it before sending it for dubbing.`,
    });
  }
  if (cues.length === 0)
    warnings.push({
      code: 'no-cues',
      message: 'The file has no cues yet. Add cues in the editor.',
    });
  if (cues.length >= MANY_CUES) {
    warnings.push({
      code: 'many-cues',
      message: `${cues.length} cues: everything stays editable, but checks over the whole file take a moment.`,
    });
  }
  const long = longLineWarning(cues, cueLines);
  if (long) warnings.push(long);
  const sample = sampleText(cues);
  const guess = guessLanguage(sample);
  if (isLanguageCode(label)) {
    const verdict = checkDeclaredLanguage(sample, label);
    if (!verdict.matches) {
      const named = isLanguageCode(guess?.code)
        ? `${LANGUAGE_NAMES[guess.code]} (${guess.code})`
        : `"${verdict.detected}"`;
      warnings.push({
        code: 'language-mismatch',
        message: `The text reads as ${named}, but the file is labelled ${LANGUAGE_NAMES[label]} (${label}). Check the language: the dubbing service refuses scripts that do not match it.`,
      });
    }
  }
  const timing = timingWarning(cues, label ?? 'en');
  if (timing) warnings.push(timing);
  return {
    ok: true,
    value: {
      format,
      encoding: decoded.encoding,
      encodingSure: decoded.sure,
      encodingCandidates: decoded.candidates,
      preview: decoded.text.slice(0, PREVIEW_CHARS),
      bytes: bytes.byteLength,
      cues,
      repairs,
      warnings,
      languageGuess: guess,
      labelledLanguage: label ?? null,
      vtt,
    },
  };
}
