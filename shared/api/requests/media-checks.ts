import { LIMITS, MAX_MEDIA_SECONDS } from '../limits';
import { checkSegments, type Segment } from '../segments';
import type { TaskType } from '../task-types';
import type { RequestProblem } from './common';

/** What the app's probe knows about a local input file. */
export interface MediaFacts {
  durationSeconds: number;
  bytes?: number;
  hasAudio?: boolean;
  hasVideo?: boolean;
}

/**
 * The checks the service makes on the media itself (422/413 before any charge), run before the
 * upload so they never surprise the user: duration cap per task type, upload size, an audio
 * track for proofread, a video track for video-analysis, and segments ending within the video.
 * For audio-ducking, call it once per input file (each input has the same cap).
 * `maxUploadMb` is the account's `max_upload_size_mb` when known, `maxSeconds` the duration cap
 * the service advertises for this type (else the shared default).
 */
export function checkRequestMedia(
  type: TaskType,
  request: { segments?: readonly Segment[] },
  media: MediaFacts,
  maxUploadMb: number = LIMITS.defaultMaxUploadMb,
  maxSeconds: number | undefined = MAX_MEDIA_SECONDS[type],
): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const cap = maxSeconds;
  if (cap !== undefined && media.durationSeconds > cap) {
    problems.push({
      path: 'media',
      message: `The file is ${formatSeconds(media.durationSeconds)} long; this service takes at most ${cap} s.`,
    });
  }
  if (media.bytes !== undefined && media.bytes > maxUploadMb * 1024 * 1024) {
    problems.push({
      path: 'media',
      message: `The file is larger than the account's ${maxUploadMb} MB upload limit.`,
    });
  }
  if (type === 'proofread' && media.hasAudio === false) {
    problems.push({ path: 'media', message: 'Proofreading needs a file with an audio track.' });
  }
  if (type === 'video_analysis' && media.hasVideo === false) {
    problems.push({ path: 'media', message: 'Video analysis needs a file with a video track.' });
  }
  // The request is already valid, so the only segment rule left is the last end vs the media.
  if (request.segments) {
    for (const problem of checkSegments(request.segments, media.durationSeconds)) {
      const path = problem.index < 0 ? 'segments' : `segments.${problem.index}.${problem.field}`;
      problems.push({ path, message: problem.message });
    }
  }
  return problems;
}

function formatSeconds(seconds: number): string {
  return `${Math.round(seconds * 10) / 10} s`;
}
