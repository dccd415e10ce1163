import { VIDEO_EXTENSIONS } from '../../../../shared/api/limits';
import { checkRequestMedia, type MediaFacts } from '../../../../shared/api/requests/media-checks';
import type { TaskType } from '../../../../shared/api/task-types';
import type { MediaInfo } from '../../../../shared/ipc/channels/media';

/** The paid actions of the Score workspace and the endpoint each one calls. */
export const SCORE_ACTIONS = {
  analyse: 'video_analysis',
  music: 'video_to_music',
  sfx: 'video_to_sfx',
  both: 'video_to_sound',
} as const satisfies Record<string, TaskType>;
export type ScoreAction = keyof typeof SCORE_ACTIONS;

export interface OpenVerdict {
  /** Why the file cannot be scored at all (shown at once, nothing is created). */
  refusal?: string;
  /** Facts the user should know while working (no audio, actions over their limits). */
  notices: string[];
  /** Per action, the reason its button is disabled (the endpoint's own limits). */
  blocked: Partial<Record<ScoreAction, string>>;
}

const ACTION_NAMES: Record<ScoreAction, string> = {
  analyse: 'Analyse',
  music: 'Generate music',
  sfx: 'Generate SFX',
  both: 'Generate both',
};

/** A file with a video's name that the probe could not read: what Score can open instead. */
export function unreadableVideo(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  return `${name} is not a video Soundstage can read (or it is damaged). Export it again as MP4, MOV or WebM.`;
}

/** A dropped or picked file whose name already says it is not a video. */
export function notAVideoByName(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  const ext = dot >= 0 ? path.slice(dot).toLowerCase() : '';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  const name = path.split(/[\\/]/).pop() ?? path;
  return `${name} is not a video. Score opens ${VIDEO_EXTENSIONS.join(', ')} files.`;
}

/**
 * What opening this probed file means for the user: refused when there is no picture, a notice
 * when there is no sound (allowed: no source lane), and each paid action checked against the
 * limits of the endpoint it calls (the same checks main makes before upload).
 */
export function judgeOpenedVideo(info: MediaInfo, maxUploadMb?: number): OpenVerdict {
  const name = info.path.split(/[\\/]/).pop() ?? info.path;
  if (!info.video) {
    return {
      refusal: `${name} has no picture. Score needs a video; open an audio file from Music instead.`,
      notices: [],
      blocked: {},
    };
  }
  if (info.durationMs <= 0) {
    return { refusal: `${name} has no duration ffprobe can read.`, notices: [], blocked: {} };
  }
  const notices: string[] = [];
  if (!info.audio) {
    notices.push(
      `${name} has no audio track: there is no source lane, and ducking has nothing to follow.`,
    );
  }
  const facts: MediaFacts = {
    durationSeconds: info.durationMs / 1000,
    bytes: info.bytes,
    hasAudio: !!info.audio,
    hasVideo: true,
  };
  const blocked: Partial<Record<ScoreAction, string>> = {};
  for (const [action, type] of Object.entries(SCORE_ACTIONS) as [ScoreAction, TaskType][]) {
    const problem = checkRequestMedia(type, {}, facts, maxUploadMb)[0];
    if (problem) {
      blocked[action] = problem.message;
      notices.push(`${ACTION_NAMES[action]} is not available: ${problem.message}`);
    }
  }
  return { notices, blocked };
}
