import type { Job } from '../../../../shared/domain/jobs/job';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';

/** What "Edit subtitles" on a finished Proofread job opens. */
export interface ProofreadOpening {
  videoPath?: string;
  sourceLanguage?: string;
  /** The job's .srt files, the source language's first so the others pair with it. */
  subtitlePaths: string[];
  /** The service's warnings placed at cues of the script once it is read. */
  warnings: (part: SubtitlesPart) => SubtitlesPart['serviceWarnings'];
}

export { canEditSubtitles } from '../../editor/handoff/subtitles-handoff';

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * Reads a proofread job: result files with role `subtitles.<code>`, the video it was given,
 * `source_language` and `warnings` (per-language, non-blocking; an entry may name a 1-based cue
 * number, which is mapped to that cue's stable id once the file is read).
 */
export function proofreadOpening(job: Job): ProofreadOpening {
  const sourceLanguage =
    typeof job.result?.['source_language'] === 'string' ? job.result['source_language'] : undefined;
  const languageOf = (role: string) => role.replace(/^subtitles\./, '');
  const files = job.files.filter((file) => /\.(srt|vtt)$/i.test(file.path));
  files.sort(
    (a, b) =>
      Number(languageOf(b.role) === sourceLanguage) - Number(languageOf(a.role) === sourceLanguage),
  );
  const videoPath = Object.values(job.request.files)[0];
  const rawWarnings = Array.isArray(job.result?.['warnings']) ? job.result['warnings'] : [];
  return {
    ...(videoPath ? { videoPath } : {}),
    ...(sourceLanguage ? { sourceLanguage } : {}),
    subtitlePaths: files.map((file) => file.path),
    warnings: (part) =>
      rawWarnings.flatMap((raw) => {
        const entry = record(raw);
        if (!entry) return [];
        const message = String(entry['message'] ?? entry['detail'] ?? entry['code'] ?? '');
        const language = String(entry['language'] ?? sourceLanguage ?? part.sourceLanguage ?? '');
        const cues = part.languages[language] ?? [];
        const number = Number(entry['cue'] ?? entry['index'] ?? entry['cue_index']);
        const cue = Number.isInteger(number) ? cues[number - 1] : undefined;
        return message && cue ? [{ cueId: cue.id, language, message: message.slice(0, 2000) }] : [];
      }),
  };
}
