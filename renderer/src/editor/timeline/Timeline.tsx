import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { DEFAULT_MIN_SEGMENT_MS } from '../../../../shared/domain/timeline';
import { HEAD_PX, LANE_PX, RULER_PX } from './layout';
import { Ruler } from './Ruler';
import { msToPx, ZOOM_STEP } from './scale';
import { snapKind } from './snapping';
import type { TimelineProps } from './timeline-props';
import { TimelineLanes } from './TimelineLanes';
import { DragGuideLine, LoopBand, Playhead, ShotMarkers } from './TimelineOverlay';
import { TimelineToolbar } from './TimelineToolbar';
import { useEdgeDrag } from './use-edge-drag';
import { useProblemViews } from './use-problem-views';
import { useSegmentActions } from './use-segment-actions';
import { useFollowPlayhead, useViewportTracking } from './use-scroll-view';
import { useZoom } from './use-zoom';
import { createViewport } from './viewport';
import './timeline.css';

export type { TimelineHandle, TimelineProps } from './timeline-props';

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
          <TimelineLanes
            lanes={lanes}
            pxPerSecond={pxPerSecond}
            durationMs={durationMs}
            viewport={viewport}
            frameMs={frameMs}
            readOnly={readOnly}
            snapping={snapping}
            takeSnapTargetsMs={takeSnapTargets}
            selectedTakeId={selectedTakeId}
            onSelectTake={onSelectTake}
            onPlaceTake={onPlaceTake}
            onDeleteTake={onDeleteTake}
            onActivateTake={onActivateTake ? actions.onActivateTake : undefined}
            onSeek={onSeek}
            selection={selection}
            actions={actions}
            drag={drag}
            problemViews={problemViews}
          />
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
