import type { TaskType } from '../../api/task-types';
import type { PromptLane, TimelineSegment } from '../project/document';
import { fitImport } from './placement';

/**
 * A finished take from the prompt panels placed on the Score timeline (docs/editing.md, "Takes
 * from the prompt panels"): which lane it belongs on, and where it starts.
 */

/** Sound effects go on the SFX lane; music and combined sound on the music lane (as Generate). */
export function laneForTask(type: TaskType): PromptLane {
  return type === 'text_to_sfx' || type === 'video_to_sfx' || type === 'video_to_video_sfx'
    ? 'sfx'
    : 'music';
}

export interface PanelTakePlacement {
  offsetMs: number;
  /** Set when the take is longer than what is left of the video from its start: it is trimmed. */
  lengthMs?: number;
}

/**
 * Where the take goes: at the start of the lane's selected segment when one of that lane is
 * selected, else at the playhead; trimmed to the video's end when it would run past it.
 */
export function placePanelTake(options: {
  fileDurationMs: number;
  durationMs: number;
  playheadMs: number;
  segments: readonly TimelineSegment[];
  selectedSegmentId: string | null;
}): PanelTakePlacement {
  const segment = options.segments.find((s) => s.id === options.selectedSegmentId);
  const atMs = segment ? segment.startMs : options.playheadMs;
  const fit = fitImport(options.fileDurationMs, atMs, options.durationMs);
  return fit.fits ? { offsetMs: fit.offsetMs } : { offsetMs: fit.offsetMs, lengthMs: fit.trimToMs };
}
