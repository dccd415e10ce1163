import type { LanguageCode } from '../../../shared/api/languages';
import type { Cue } from '../../../shared/domain/subtitles/cue';
import { cueWarnings } from '../../subtitles/reading-warnings';
import type { VoicedLine } from '../voice-track';
import { alignmentLoss, retimedCues } from '../voice-track';

export type ExportStatus = 'exported' | 'exported_review_required' | 'blocked';

/** dubbing's per-language `subtitle_export` (shape in docs/subtitles.md, "Service reports"). */
export interface SubtitleExport {
  status: ExportStatus;
  issues: string[];
  alignment_loss: number;
  error: string | null;
  report_url: string | null;
}

/** Above this share of speech outside its slot the re-timed file needs a look. */
const REVIEW_LOSS = 0.1;
/** Above this the dub no longer follows the script's timing: no file is exported. */
const BLOCK_LOSS = 0.5;
const REVIEW_ISSUES = new Set(['line_too_long_for_slot', 'speech_truncated_at_end']);

export interface ExportDecision {
  report: SubtitleExport;
  /** The re-timed cues to publish; null when blocked. */
  cues: Cue[] | null;
}

/**
 * Re-times a script against where its lines were spoken in the dub and decides the export:
 * blocked when nothing was spoken or the speech drifted far from the script, review required
 * when lines overflowed their slots, ran off the end or drifted noticeably, else exported.
 */
export function decideExport(
  lines: readonly VoicedLine[],
  script: readonly Cue[],
  voiceIssues: readonly string[],
  language: LanguageCode,
): ExportDecision {
  const loss = Math.round(alignmentLoss(lines) * 10000) / 10000;
  const cues = retimedCues(lines, script);
  const issues = [...new Set([...voiceIssues, ...cueWarnings(cues, language).map((w) => w.code)])];
  if (cues.length === 0 || loss > BLOCK_LOSS) {
    const error =
      cues.length === 0
        ? 'No line of the script produced speech, so there is nothing to re-time.'
        : `The dubbed speech drifted too far from the script's timing (alignment loss ${loss}); re-time or shorten the script.`;
    return {
      report: { status: 'blocked', issues, alignment_loss: loss, error, report_url: null },
      cues: null,
    };
  }
  const review = loss > REVIEW_LOSS || issues.some((issue) => REVIEW_ISSUES.has(issue));
  return {
    report: {
      status: review ? 'exported_review_required' : 'exported',
      issues,
      alignment_loss: loss,
      error: null,
      report_url: null,
    },
    cues,
  };
}
