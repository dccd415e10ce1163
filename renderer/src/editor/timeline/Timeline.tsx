import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { DEFAULT_MIN_SEGMENT_MS, type Placement } from '../../../../shared/domain/timeline';
import { HEAD_PX, LANE_PX, RULER_PX } from './layout';
import { Ruler } from './Ruler';
import { msToPx, ZOOM_STEP } from './scale';
import { SegmentLane } from './SegmentLane';
import { snapKind } from './snapping';
import { SourceLane } from './SourceLane';
import { TakeLane } from './TakeLane';
import {
  DragGuideLine,
  LoopBand,
  Playhead,
  ShotMarkers,
  type ShotMarkerActions,
} from './TimelineOverlay';
import { TimelineToolbar } from './TimelineToolbar';
import type { TimelineLane } from './types';
import { useEdgeDrag } from './use-edge-drag';
import { useProblemViews } from './use-problem-views';
import { useSegmentActions } from './use-segment-actions';
import { useFollowPlayhead, useViewportTracking } from './use-scroll-view';
import { useZoom } from './use-zoom';
import { createViewport } from './viewport';
import './timeline.css';

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

export function Timeline(props: TimelineProps) {
  const { durationMs, playheadMs, pxPerSecond, shotsMs, lanes, snapping, problems } = props;
  const { onSeek: seek, onEdgeDragCommit, onEditPrompt, onSelectSegment } = props;
  const { onEdgeDragPreview, onZoom, onSnappingChange, onActivateTake, selectedSegmentId } = props;
  const { ref, readOnly = false, selectedLaneId, onPlaceTake, onDeleteTake } = props;
  const [ownTake, setOwnTake] = useState<string | null>(null);
  const selectedTakeId = props.selectedTakeId !== undefined ? props.selectedTakeId : ownTake;
  const onSelectTakeRef = useRef(props.onSelectTake);
  useLayoutEffect(() => {
    onSelectTakeRef.current = props.onSelectTake;
  });
  const onSelectTake = useCallback((laneId: string, takeId: string) => {
    setOwnTake(takeId);
    onSelectTakeRef.current?.(laneId, takeId);
  }, []);
  const frameMs = props.frameMs ?? 40;
  const minLengthMs = props.minSegmentMs ?? DEFAULT_MIN_SEGMENT_MS;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewport] = useState(createViewport);
  const scrubbing = useRef(false);
  const seekRef = useRef(seek);
  useLayoutEffect(() => {
    seekRef.current = seek;
  });
  const actions = useSegmentActions({
    readOnly,
    lanes,
    durationMs,
    minLengthMs,
    scrollRef,
    onSelectSegment,
    onEditPrompt,
    onEdgeDragCommit,
    onActivateTake,
  });

  const segmentLanes = lanes.flatMap((lane) =>
    lane.kind === 'music' || lane.kind === 'sfx'
      ? [{ id: lane.id, segments: lane.segments ?? [] }]
      : [],
  );
  const drag = useEdgeDrag({
    scrollRef,
    durationMs,
    pxPerSecond,
    snapping,
    shotsMs,
    playheadMs,
    segmentLanes,
    minLengthMs,
    onPreview: onEdgeDragPreview,
    onCommit: onEdgeDragCommit,
  });
  const problemViews = useProblemViews(segmentLanes, durationMs, problems, drag.preview);

  useViewportTracking(scrollRef, viewport);
  const { zoomBy, fit } = useZoom({
    scrollRef,
    viewport,
    durationMs,
    pxPerSecond,
    playheadMs,
    onZoom,
  });
  // Follow holds still while the user scrubs the ruler or drags an edge.
  const followSuspended = useRef(false);
  useLayoutEffect(() => {
    followSuspended.current = scrubbing.current || drag.active.current;
  });
  useFollowPlayhead(scrollRef, viewport, playheadMs, pxPerSecond, followSuspended);
  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(1 / ZOOM_STEP),
      fit,
    }),
    [zoomBy, fit],
  );

  const selection =
    selectedSegmentId !== undefined
      ? { id: selectedSegmentId, laneId: selectedLaneId }
      : { id: actions.selected?.id ?? null, laneId: actions.selected?.laneId };
  const onSeek = useCallback((ms: number) => seekRef.current(ms), []);
  const onScrub = useCallback((active: boolean) => {
    scrubbing.current = active;
  }, []);

  const contentPx = msToPx(durationMs, pxPerSecond);
  // A take's edges snap to cuts and the playhead (docs/editing.md, "Takes on the timeline").
  const takeSnapTargets = [...shotsMs, playheadMs];
  const draggedEdge = drag.preview?.segments[drag.preview.edgeIndex - 1];
  const guide =
    drag.preview && draggedEdge
      ? {
          ms: draggedEdge.endMs,
          snappedTo:
            drag.preview.snappedToMs === null
              ? null
              : snapKind(drag.preview.snappedToMs, { shotsMs, playheadMs }),
          problem: drag.preview.editProblems[0]?.message,
        }
      : null;
  const style = {
    '--timeline-head': `${HEAD_PX}px`,
    '--timeline-ruler': `${RULER_PX}px`,
    '--lane-source': `${LANE_PX.source}px`,
    '--lane-prompt': `${LANE_PX.music}px`,
    '--lane-take': `${LANE_PX.take}px`,
    '--lane-mix': `${LANE_PX.mix}px`,
  } as CSSProperties;

  return (
    <section
      className={`timeline${drag.preview ? ' timeline--dragging' : ''}`}
      style={style}
      data-testid="timeline"
      data-duration-ms={durationMs}
      aria-label="Timeline"
    >
      <TimelineToolbar
        playheadMs={playheadMs}
        durationMs={durationMs}
        snapping={snapping}
        onSnappingChange={onSnappingChange}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onFit={fit}
        tools={props.tools}
      />
      <div className="timeline__scroll" ref={scrollRef}>
        <div className="timeline__content" style={{ width: HEAD_PX + contentPx }}>
          <Ruler
            viewport={viewport}
            durationMs={durationMs}
            pxPerSecond={pxPerSecond}
            playheadMs={playheadMs}
            frameMs={frameMs}
            onSeek={onSeek}
            onScrub={onScrub}
          />
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
                  snapTargetsMs={takeSnapTargets}
                  snapping={snapping}
                  selectedTakeId={selectedTakeId}
                  onSelectTake={onSelectTake}
                  onPlace={readOnly ? undefined : onPlaceTake}
                  onDelete={readOnly ? undefined : onDeleteTake}
                  viewport={viewport}
                  onActivate={onActivateTake ? actions.onActivateTake : undefined}
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
          <ShotMarkers
            shotsMs={shotsMs}
            pxPerSecond={pxPerSecond}
            actions={readOnly ? undefined : props.shotActions}
          />
          {props.loopRegion ? (
            <LoopBand region={props.loopRegion} pxPerSecond={pxPerSecond} />
          ) : null}
          {guide ? <DragGuideLine guide={guide} pxPerSecond={pxPerSecond} /> : null}
          <Playhead ms={playheadMs} pxPerSecond={pxPerSecond} />
        </div>
      </div>
    </section>
  );
}
