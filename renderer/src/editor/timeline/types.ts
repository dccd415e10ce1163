import type { TimelineSegment } from '../../../../shared/domain/project/document';
import type { LaneProblem } from '../../../../shared/domain/timeline';
import type { LanePeaks } from './peaks';

/**
 * What a lane shows: the video's sound, a prompt lane (segments), the takes of a lane, or the
 * waveform of the whole mix (drawn like the source, from peaks the screen computed).
 */
export type LaneKind = 'source' | 'music' | 'sfx' | 'take' | 'mix';

/** One generated take, drawn as one row of a take lane. The screen decides which is active. */
export interface TimelineTake {
  id: string;
  label: string;
  /** Its A/B letter on a prompt lane, as the take picker shows it (titles often repeat). */
  letter?: string;
  /** The take heard on its lane (A/B): marked, and announced as pressed. */
  active: boolean;
  /** Where the take starts on the timeline. */
  offsetMs?: number;
  /** Its length once known; absent while it is still being generated. */
  durationMs?: number;
  /** Trims: the skipped start of the file and the heard length (shared/domain placement). */
  trimStartMs?: number;
  lengthMs?: number;
  fileDurationMs?: number;
  generating?: boolean;
  peaks?: LanePeaks;
}

export interface TimelineLane {
  kind: LaneKind;
  /** Passed back in every callback ('music' and 'sfx' for the document's prompt lanes). */
  id: string;
  /** Shown in the lane head and used in accessible names ("Music segment 2, …"). */
  label: string;
  /** Prompt lanes: contiguous from 0, as shared/domain/timeline keeps them. */
  segments?: readonly TimelineSegment[];
  /** Source lane (and takes): media:peaks' answer or decoded peaks; absent while loading. */
  peaks?: LanePeaks;
  /** Take lanes: one row each. */
  takes?: readonly TimelineTake[];
  /** Take lanes: the document lane of its takes (music, sfx, audio), shown as `data-lane`. */
  takeLane?: string;
  /** Take lanes where every take is heard (imported audio): no A/B choice. */
  allHeard?: boolean;
  /** A line shown instead of content, e.g. "This video has no sound". */
  note?: string;
  /** Drawn dimmed (lane muted in the mix). */
  muted?: boolean;
}

/** A segment edge being dragged: the lane as it would be if the pointer were released now. */
export interface EdgeDragPreview {
  laneId: string;
  edgeIndex: number;
  segments: TimelineSegment[];
  /** Problems of the edit itself (held at the minimum length, past the end), by segment id. */
  editProblems: readonly LaneProblem[];
  snappedToMs: number | null;
}
