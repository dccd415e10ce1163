import type { LaneProblemView } from './edge-drag';
import type { Placement } from '../../../../shared/domain/timeline';
import { SegmentLane } from './SegmentLane';
import { SourceLane } from './SourceLane';
import { TakeLane } from './TakeLane';
import type { TimelineLane } from './types';
import type { EdgeDrag } from './use-edge-drag';
import type { useSegmentActions } from './use-segment-actions';
import type { ViewportStore } from './viewport';

interface TimelineLanesProps {
  lanes: readonly TimelineLane[];
  pxPerSecond: number;
  durationMs: number;
  viewport: ViewportStore;
  frameMs: number;
  readOnly: boolean;
  snapping: boolean;
  /** Where a take's edges snap: the cuts and the playhead. */
  takeSnapTargetsMs: readonly number[];
  selectedTakeId: string | null;
  onSelectTake(laneId: string, takeId: string): void;
  onPlaceTake?: (laneId: string, takeId: string, placement: Placement) => void;
  onDeleteTake?: (laneId: string, takeId: string) => void;
  onActivateTake?: (laneId: string, takeId: string) => void;
  onSeek(ms: number): void;
  /** The selected segment; a null lane id marks it on every lane (ids may repeat). */
  selection: { id: string | null; laneId: string | null | undefined };
  actions: ReturnType<typeof useSegmentActions>;
  drag: EdgeDrag;
  problemViews: ReadonlyMap<string, LaneProblemView>;
}

/** Each lane of the timeline, drawn by its kind: picture sound or mix, takes, or prompt segments. */
export function TimelineLanes(props: TimelineLanesProps) {
  const { lanes, pxPerSecond, durationMs, viewport, frameMs, readOnly, snapping } = props;
  const { takeSnapTargetsMs, selectedTakeId, onSelectTake, onPlaceTake, onDeleteTake } = props;
  const { onActivateTake, onSeek, selection, actions, drag, problemViews } = props;
  return (
    <>
      {lanes.map((lane) => {
        const common = {
          laneId: lane.id,
          label: lane.label,
          muted: lane.muted ?? false,
          pxPerSecond,
          durationMs,
        };
        if (lane.kind === 'source' || lane.kind === 'mix') {
          return (
            <SourceLane
              key={lane.id}
              kind={lane.kind}
              {...common}
              peaks={lane.peaks}
              note={lane.note}
              viewport={viewport}
              onSeek={onSeek}
            />
          );
        }
        if (lane.kind === 'take') {
          return (
            <TakeLane
              key={lane.id}
              {...common}
              takes={lane.takes ?? []}
              takeLane={lane.takeLane ?? lane.id}
              allHeard={lane.allHeard ?? false}
              frameMs={frameMs}
              snapTargetsMs={takeSnapTargetsMs}
              snapping={snapping}
              selectedTakeId={selectedTakeId}
              onSelectTake={onSelectTake}
              onPlace={readOnly ? undefined : onPlaceTake}
              onDelete={readOnly ? undefined : onDeleteTake}
              viewport={viewport}
              onActivate={onActivateTake}
            />
          );
        }
        const preview = drag.preview?.laneId === lane.id ? drag.preview : null;
        return (
          <SegmentLane
            key={lane.id}
            {...common}
            kind={lane.kind}
            segments={preview?.segments ?? lane.segments ?? []}
            problems={problemViews.get(lane.id)!}
            frameMs={frameMs}
            selectedId={
              selection.laneId == null || selection.laneId === lane.id ? selection.id : null
            }
            editingId={actions.editing?.laneId === lane.id ? actions.editing.id : null}
            draggingEdge={preview?.edgeIndex ?? null}
            readOnly={readOnly}
            onSelect={actions.onSelect}
            onEdit={actions.onEdit}
            onEditDone={actions.onEditDone}
            onNudgeEnd={actions.onNudgeEnd}
            onEdgePointerDown={drag.begin}
          />
        );
      })}
    </>
  );
}
