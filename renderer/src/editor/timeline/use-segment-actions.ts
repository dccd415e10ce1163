import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { nudgeEnd } from './edge-drag';
import type { TimelineLane } from './types';

export interface SegmentActionsOptions {
  readOnly: boolean;
  lanes: readonly TimelineLane[];
  durationMs: number;
  minLengthMs: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  onSelectSegment: ((laneId: string, segmentId: string) => void) | undefined;
  onEditPrompt: ((laneId: string, segmentId: string, text: string) => void) | undefined;
  onEdgeDragCommit: (laneId: string, segments: TimelineSegment[]) => void;
  onActivateTake: ((laneId: string, takeId: string) => void) | undefined;
}

/**
 * What a segment block can ask for: selection, in-place prompt editing and keyboard trims (and
 * a take row: becoming the active take).
 * The callbacks keep their identity across renders (they read the latest props from a ref),
 * so memoised lanes and blocks do not re-render when the screen passes new inline functions.
 */
export function useSegmentActions(options: SegmentActionsOptions) {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [selected, setSelected] = useState<{ laneId: string; id: string } | null>(null);
  const [editing, setEditing] = useState<{ laneId: string; id: string } | null>(null);

  const onSelect = useCallback((laneId: string, segmentId: string) => {
    setSelected({ laneId, id: segmentId });
    latest.current.onSelectSegment?.(laneId, segmentId);
  }, []);

  const onEdit = useCallback((laneId: string, id: string) => {
    if (latest.current.onEditPrompt && !latest.current.readOnly) setEditing({ laneId, id });
  }, []);

  const onEditDone = useCallback(
    (laneId: string, id: string, text: string | null, refocus: boolean) => {
      setEditing(null);
      const now = latest.current;
      const lane = now.lanes.find((candidate) => candidate.id === laneId);
      const before = lane?.segments?.find((segment) => segment.id === id)?.prompt;
      if (text !== null && text !== before) now.onEditPrompt?.(laneId, id, text);
      if (!refocus) return;
      // Back to the segment once the editor is gone, so Enter can edit again.
      requestAnimationFrame(() =>
        now.scrollRef.current
          ?.querySelector<HTMLElement>(
            `[data-lane-id="${CSS.escape(laneId)}"] [data-segment-id="${CSS.escape(id)}"]`,
          )
          ?.focus(),
      );
    },
    [],
  );

  /** One keyboard trim is one commit (one undo step), like one drag. */
  const onNudgeEnd = useCallback((laneId: string, index: number, deltaMs: number) => {
    const now = latest.current;
    const lane = now.lanes.find((candidate) => candidate.id === laneId);
    if (!lane?.segments || now.readOnly) return;
    const move = nudgeEnd(lane.segments, index, deltaMs, {
      durationMs: now.durationMs,
      minLengthMs: now.minLengthMs,
    });
    if (move.segments[index]?.endMs !== lane.segments[index]?.endMs) {
      now.onEdgeDragCommit(laneId, move.segments);
    }
  }, []);

  const onActivateTake = useCallback((laneId: string, takeId: string) => {
    latest.current.onActivateTake?.(laneId, takeId);
  }, []);

  return { selected, editing, onSelect, onEdit, onEditDone, onNudgeEnd, onActivateTake };
}
