import type { BillingUnits } from '../../../../shared/api/billing-rates';
import { parseTaskRequest } from '../../../../shared/api/requests/registry';
import type { TaskType } from '../../../../shared/api/task-types';
import { taskJob, type TaskJobInput } from '../../../../shared/domain/jobs/task-job';
import type { ScorePart, TimelineSegment } from '../../../../shared/domain/project/document';
import { toApiSegments } from '../../../../shared/domain/timeline';

export type GenerateKind = 'music' | 'sfx' | 'both';

export type Built =
  { ok: true; job: TaskJobInput; units: BillingUnits } | { ok: false; reason: string };

function build<T extends TaskType>(
  type: T,
  input: Record<string, unknown>,
  label: string,
  seconds: number,
  extra: Partial<BillingUnits> = {},
): Built {
  const parsed = parseTaskRequest(type, input);
  if (!parsed.ok) {
    const first = parsed.error[0];
    return { ok: false, reason: first ? first.message : 'The request is not valid.' };
  }
  return { ok: true, job: taskJob(type, parsed.value, label), units: { type, seconds, ...extra } };
}

function videoName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** video-analysis in mode both: the music brief and the sound-design brief in one call. */
export function analysisJob(part: ScorePart, variants = 1): Built {
  const video = part.video;
  if (!video) return { ok: false, reason: 'Open a video first.' };
  return build(
    'video_analysis',
    { video: video.path, mode: 'both', variants_num: variants },
    `Score brief: ${videoName(video.path)}`,
    video.durationMs / 1000,
    { variants },
  );
}

/** The lane's overall prompt (the chosen brief variation), trimmed; '' when there is none. */
function lanePrompt(part: ScorePart, lane: 'music' | 'sfx'): string {
  return (part.prompts?.[lane] ?? '').trim();
}

/** The lane's segments for the wire, or none when the lane is empty. */
function laneSegments(segments: readonly TimelineSegment[]) {
  return segments.length > 0 ? toApiSegments(segments) : undefined;
}

/**
 * The request behind Generate: music streams from video-to-music with the music lane's
 * segments (so it can be heard against the picture while it arrives); SFX is video-to-sfx with
 * the SFX lane; both is video-to-sound (one combined track), whose segments shape the SFX side.
 */
export function generateJob(part: ScorePart, kind: GenerateKind): Built {
  const video = part.video;
  if (!video) return { ok: false, reason: 'Open a video first.' };
  const seconds = video.durationMs / 1000;
  const name = videoName(video.path);
  const music = laneSegments(part.lanes.music);
  const sfx = laneSegments(part.lanes.sfx);
  if (kind === 'music') {
    return build(
      'video_to_music',
      {
        video: video.path,
        mode: 'stream',
        ...(lanePrompt(part, 'music') ? { prompt: lanePrompt(part, 'music') } : {}),
        ...(music ? { segments: music } : {}),
      },
      `Score music: ${name}`,
      seconds,
    );
  }
  if (kind === 'sfx') {
    return build(
      'video_to_sfx',
      {
        video: video.path,
        ...(lanePrompt(part, 'sfx') ? { prompt: lanePrompt(part, 'sfx') } : {}),
        ...(sfx ? { segments: sfx } : {}),
      },
      `Score SFX: ${name}`,
      seconds,
    );
  }
  // video-to-sound takes segments for the SFX side only, so the music side gets one prompt.
  const musicPrompt =
    lanePrompt(part, 'music') ||
    part.lanes.music
      .map((s) => s.prompt.trim())
      .filter(Boolean)
      .join('; ');
  return build(
    'video_to_sound',
    {
      video: video.path,
      ...(musicPrompt ? { music_prompt: musicPrompt.slice(0, 2000) } : {}),
      ...(lanePrompt(part, 'sfx') ? { sfx_prompt: lanePrompt(part, 'sfx') } : {}),
      ...(sfx ? { segments: sfx } : {}),
      ducking: false,
    },
    `Score music + SFX: ${name}`,
    seconds,
  );
}
