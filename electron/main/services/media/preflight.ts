import { promises as fs } from 'node:fs';
import {
  AUDIO_EXTENSIONS,
  LIMITS,
  MAX_MEDIA_SECONDS,
  SUBTITLE_EXTENSIONS,
} from '../../../../shared/api/limits';
import { extensionOf, type RequestProblem } from '../../../../shared/api/requests/common';
import { checkRequestMedia } from '../../../../shared/api/requests/media-checks';
import type { Segment } from '../../../../shared/api/segments';
import type { JobRequest } from '../../../../shared/domain/jobs/job';
import type { TaskJob } from '../../../../shared/domain/jobs/task-job';
import { probeMedia, type ProbeMedia } from './probe';

export interface UploadLimits {
  /** The account's max_upload_size_mb; null or absent = the documented 300 MB default. */
  maxUploadMb?: number | null;
  /** Duration caps the service advertises per task type; absent types use MAX_MEDIA_SECONDS. */
  maxMediaSeconds?: Partial<Record<string, number>>;
}

/**
 * The checks the service makes before it charges that need the files themselves (sizes against
 * max_upload_size_mb, durations against MAX_MEDIA_SECONDS, tracks, segments against the video's
 * length, scripts), run on `request`, the form built from `job`, in main before any upload so a
 * 413/422 never surprises the user. The request's own rules (prompts, languages, delivery, the
 * segment list) were checked by its schema before the form was built. Answers field-level
 * problems; an empty list means "send it".
 */
export async function checkBeforeUpload(
  job: TaskJob,
  request: JobRequest,
  limits: UploadLimits = {},
  probe: ProbeMedia = probeMedia,
): Promise<RequestProblem[]> {
  const problems: RequestProblem[] = [];
  const segments = (job.request as { segments?: Segment[] }).segments;
  const maxUploadMb = limits.maxUploadMb ?? LIMITS.defaultMaxUploadMb;

  for (const [part, filePath] of Object.entries(request.files)) {
    if (part.startsWith('subtitles[')) {
      await checkScriptFile(problems, part, filePath);
      continue;
    }
    const probed = await probe(filePath);
    if (!probed.ok) {
      problems.push({ path: part, message: probed.error.message });
      continue;
    }
    const facts = probed.value;
    const maxSeconds = limits.maxMediaSeconds?.[request.type] ?? MAX_MEDIA_SECONDS[request.type];
    // Segments describe the video: their last end is checked against its probed length.
    for (const problem of checkRequestMedia(
      request.type,
      part === 'video' && segments ? { segments } : {},
      facts,
      maxUploadMb,
      maxSeconds,
    )) {
      problems.push({
        path: problem.path === 'media' ? part : problem.path,
        message: problem.message,
      });
    }
    if (
      part === 'music_file' &&
      (facts.hasVideo || !(AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(filePath)))
    ) {
      problems.push({
        path: part,
        message: `The music must be an audio file (${AUDIO_EXTENSIONS.join(', ')}).`,
      });
    }
    if (
      part === 'video' &&
      !facts.hasVideo &&
      request.type !== 'proofread' &&
      request.type !== 'video_analysis'
    ) {
      problems.push({ path: part, message: 'This file has no video track.' });
    }
    if (part === 'voice_file' && !facts.hasAudio) {
      problems.push({ path: part, message: 'The voice file has no audio track.' });
    }
  }
  return dedupe(problems);
}

async function checkScriptFile(
  problems: RequestProblem[],
  part: string,
  filePath: string,
): Promise<void> {
  if (!(SUBTITLE_EXTENSIONS as readonly string[]).includes(extensionOf(filePath))) {
    problems.push({ path: part, message: 'A subtitle script must be a .srt or .vtt file.' });
  }
  try {
    const stat = await fs.stat(filePath);
    if (stat.size === 0) problems.push({ path: part, message: 'The subtitle script is empty.' });
    if (stat.size > LIMITS.subtitleFileMaxBytes)
      problems.push({ path: part, message: 'A subtitle script may be at most 1 MiB.' });
  } catch {
    problems.push({ path: part, message: 'The subtitle script does not exist or cannot be read.' });
  }
}

function dedupe(problems: RequestProblem[]): RequestProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\n${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
