import { memo, type PointerEvent } from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import type { LaneProblemView } from './edge-drag';
import { LaneHead } from './LaneHead';
import { EDGE_GRAB_PX } from './layout';
import { PromptEditor } from './PromptEditor';
import { msToPx } from './scale';
import { SegmentBlock } from './SegmentBlock';

export interface SegmentLaneProps {
  laneId: string;
  kind: 'music' | 'sfx';
  label: string;
  /** The lane as drawn: the drag preview while one is under way, else the document's. */
  segments: readonly TimelineSegment[];
  problems: LaneProblemView;
  durationMs: number;
  pxPerSecond: number;
  frameMs: number;
  muted: boolean;
  selectedId: string | null;
  editingId: string | null;
  /** The edge being dragged on this lane, highlighted. */
  draggingEdge: number | null;
  /** No edge handles, trims or prompt edits (a read-only project). */
  readOnly: boolean;
  onSelect(laneId: string, segmentId: string): void;
  onEdit(laneId: string, segmentId: string): void;
  onEditDone(laneId: string, segmentId: string, text: string | null, refocus: boolean): void;
  onNudgeEnd(laneId: string, index: number, deltaMs: number): void;
  onEdgePointerDown(event: PointerEvent<HTMLElement>, laneId: string, edgeIndex: number): void;
}

/**
 * A prompt lane: its segments as blocks, and a grab zone on every movable edge (each segment's
 * end; the first start stays at 0). Edge i is the end of segment i-1, as moveBoundary counts.
 */
export const SegmentLane = memo(function SegmentLane(props: SegmentLaneProps) {
  const { laneId, kind, label, segments, problems, pxPerSecond } = props;
  const count = segments.length;
  const editing = props.editingId
    ? segments.findIndex((segment) => segment.id === props.editingId)
    : -1;
  const editingSegment = segments[editing];
  return (
    <div
      className={`lane lane--${kind}${props.muted ? ' lane--muted' : ''}`}
      data-testid="lane"
      data-lane={kind}
      data-lane-id={laneId}
      role="group"
      aria-label={`${label} lane`}
    >
      <LaneHead
        label={label}
        detail={
          count === 0
            ? 'No segments yet'
            : `${count} segment${count === 1 ? '' : 's'}${props.muted ? ' · muted' : ''}`
        }
        problem={problems.lane[0]?.message}
      />
      <div className="lane__track">
        {segments.map((segment, index) => (
          <SegmentBlock
            key={segment.id}
            laneId={laneId}
            laneKind={kind}
            laneLabel={label}
            index={index}
            segment={segment}
            pxPerSecond={pxPerSecond}
            problem={problems.bySegment.get(segment.id)}
            selected={segment.id === props.selectedId}
            frameMs={props.frameMs}
            onSelect={props.onSelect}
            onEdit={props.onEdit}
            onNudgeEnd={props.onNudgeEnd}
          />
        ))}
        {props.readOnly
          ? null
          : segments.map((segment, index) => (
              <div
                // Keyed by position, not id: the handle under the pointer must stay one element
                // for the whole drag (it holds the pointer capture).
                key={`edge-${index + 1}`}
                className={`segment-edge${props.draggingEdge === index + 1 ? ' segment-edge--active' : ''}`}
                style={{ left: msToPx(segment.endMs, pxPerSecond) - EDGE_GRAB_PX / 2 }}
                data-testid="segment-edge"
                data-lane={kind}
                data-edge={index + 1}
                data-ms={segment.endMs}
                aria-hidden="true"
                onPointerDown={(event) => props.onEdgePointerDown(event, laneId, index + 1)}
              />
            ))}
        {editingSegment ? (
          <PromptEditor
            key={editingSegment.id}
            segments={segments}
            segmentId={editingSegment.id}
            durationMs={props.durationMs}
            name={`${label} segment ${editing + 1}`}
            leftPx={msToPx(editingSegment.startMs, pxPerSecond)}
            onDone={(text, refocus) => props.onEditDone(laneId, editingSegment.id, text, refocus)}
          />
        ) : null}
      </div>
    </div>
  );
});
