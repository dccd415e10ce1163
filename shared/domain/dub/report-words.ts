/**
 * Words for the codes of the service's dubbing reports (`subtitle_preflight`,
 * `subtitle_export`; docs/subtitles.md "Service reports"). Translators read the drawer, not the
 * API reference, so a code is shown in words and kept only as a tooltip for support.
 */

/** A code and the words shown for it. */
export interface ReportWords {
  code: string;
  words: string;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  // subtitle_preflight
  ok: 'Passed',
  review_required: 'Needs review',
  blocked: 'Blocked',
  // subtitle_export
  exported: 'Exported',
  exported_review_required: 'Exported, needs review',
};

/** The export's "blocked" means no file was written, not that the dub was refused. */
const EXPORT_STATUS_WORDS: Readonly<Record<string, string>> = {
  ...STATUS_WORDS,
  blocked: 'Not exported',
};

const ISSUE_WORDS: Readonly<Record<string, string>> = {
  // Edits the service made to the script (why preflight says review_required).
  empty_cue_removed: 'Empty line removed',
  overlap_trimmed: 'Overlapping lines trimmed',
  line_shortened: 'Line shortened',
  // Reading-comfort warnings on the script or the re-timed file.
  high_text_speed: 'Spoken fast',
  line_too_long: 'Line too long to read',
  too_many_lines: 'Too many lines on screen',
  cue_too_short: 'Shown too briefly',
  cue_too_long: 'Shown too long',
  // What happened while voicing the lines.
  line_sped_up: 'Line sped up to fit',
  line_too_long_for_slot: 'Line runs past its slot',
  speech_truncated_at_end: 'Speech cut off at the end',
  kanji_read_as_letters: 'Kanji read letter by letter',
  // Problems that refuse a script.
  language_mismatch: 'Script in another language',
  no_cues: 'Script has no lines',
  parse_error: 'Script could not be read',
  invalid_encoding: 'Unreadable text encoding',
  file_too_large: 'Script file too large',
  unsupported_extension: 'Not a subtitle file',
  negative_time: 'Negative time',
  zero_duration: 'Line with no duration',
  end_before_start: 'Line ends before it starts',
  cues_out_of_order: 'Lines out of order',
};

/** A code the app does not know yet still reads as words: "some_new_code" -> "Some new code". */
function spelledOut(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

export function preflightStatusWords(status: string): ReportWords {
  return { code: status, words: STATUS_WORDS[status] ?? spelledOut(status) };
}

export function exportStatusWords(status: string): ReportWords {
  return { code: status, words: EXPORT_STATUS_WORDS[status] ?? spelledOut(status) };
}

/**
 * A report's issues in words. The service sends codes as strings; an object with a `code` (as
 * proofread warnings are) is read the same way, anything else as its JSON.
 */
export function issueWords(issues: readonly unknown[] | undefined): ReportWords[] {
  return (issues ?? []).map((issue) => {
    const code =
      typeof issue === 'string'
        ? issue
        : issue &&
            typeof issue === 'object' &&
            typeof (issue as { code?: unknown }).code === 'string'
          ? (issue as { code: string }).code
          : JSON.stringify(issue);
    return { code, words: ISSUE_WORDS[code] ?? spelledOut(code) };
  });
}
