import type { ReactNode, Ref } from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import type { Placement } from '../../../../shared/domain/timeline';
import type { ShotMarkerActions } from './TimelineOverlay';
import type { TimelineLane } from './types';

/** The props are documented in docs/editing.md ("Timeline component"). */
export interface TimelineProps {
  durationMs: number;
  playheadMs: number;
  onSeek(ms: number): void;
  pxPerSecond: number;
  onZoom(pxPerSecond: number): void;
  shotsMs: readonly number[];
  /** The screen's own actions in the timeline's toolbar (Score: add/remove shot change). */
  tools?: ReactNode;
  /** Makes shot changes selectable and removable (Score); without it they are plain lines. */
  shotActions?: ShotMarkerActions;
  lanes: readonly TimelineLane[];
  /** Extra per-segment messages from the screen (e.g. a refused request), by segment id. */
  problems?: Readonly<Record<string, string>>;
  snapping: boolean;
  onSnappingChange?: (on: boolean) => void;
  /** The selected segment; with `selectedLaneId` only that lane marks it (ids may repeat). */
  selectedSegmentId?: string | null;
  selectedLaneId?: string | null;
  onSelectSegment?: (laneId: string, segmentId: string) => void;
  onEdgeDragPreview?: (laneId: string, segments: TimelineSegment[]) => void;
  /** Once per gesture: pointer-up after a drag, or one keyboard trim. */
  onEdgeDragCommit(laneId: string, segments: TimelineSegment[]): void;
  onEditPrompt?: (laneId: string, segmentId: string, text: string) => void;
  onActivateTake?: (laneId: string, takeId: string) => void;
  /** The selected take (a click or focus selects it); Delete on the screen acts on it. */
  selectedTakeId?: string | null;
  onSelectTake?: (laneId: string, takeId: string) => void;
  /** A take moved or trimmed: once per gesture (pointer-up or one key press). */
  onPlaceTake?: (laneId: string, takeId: string, placement: Placement) => void;
  onDeleteTake?: (laneId: string, takeId: string) => void;
  /** The region playback loops in, drawn across the lanes; null or absent = no loop. */
  loopRegion?: { startMs: number; endMs: number } | null;
  /** One video frame in ms: the keyboard step of the ruler and of segment trims (default 40). */
  frameMs?: number;
  minSegmentMs?: number;
  /** A read-only project: segments can be selected and read, not dragged, trimmed or edited. */
  readOnly?: boolean;
  ref?: Ref<TimelineHandle>;
}

/** What the screen's commands (=, -, 0) call. */
export interface TimelineHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}
