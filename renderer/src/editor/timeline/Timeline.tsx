import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { DEFAULT_MIN_SEGMENT_MS } from '../../../../shared/domain/timeline';
import { nudgeEnd } from './edge-drag';
import { HEAD_PX, LANE_PX, RULER_PX } from './layout';
import { Ruler } from './Ruler';
import { msToPx, ZOOM_STEP } from './scale';
import { SegmentLane } from './SegmentLane';
import { SourceLane } from './SourceLane';
import { TakeLane } from './TakeLane';
import { Playhead, TimelineOverlay } from './TimelineOverlay';
import { TimelineToolbar } from './TimelineToolbar';
import type { TimelineLane } from './types';
import { useEdgeDrag } from './use-edge-drag';
import { useProblemViews } from './use-problem-views';
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
  lanes: readonly TimelineLane[];
  /** Extra per-segment messages from the screen (e.g. a refused request), by segment id. */
  problems?: Readonly<Record<string, string>>;
  snapping: boolean;
  onSnappingChange?: (on: boolean) => void;
  selectedSegmentId?: string | null;
  onSelectSegment?: (laneId: string, segmentId: string) => void;
  onEdgeDragPreview?: (laneId: string, segments: TimelineSegment[]) => void;
  /** Once per gesture: pointer-up after a drag, or one keyboard trim. */
  onEdgeDragCommit(laneId: string, segments: TimelineSegment[]): void;
  onEditPrompt?: (laneId: string, segmentId: string, text: string) => void;
  onActivateTake?: (laneId: string, takeId: string) => void;
  /** One video frame in ms: the keyboard step of the ruler and of segment trims (default 40). */
  frameMs?: number;
  minSegmentMs?: number;
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
  const { ref } = props;
  const frameMs = props.frameMs ?? 40;
  const minLengthMs = props.minSegmentMs ?? DEFAULT_MIN_SEGMENT_MS;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewport] = useState(createViewport);
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ laneId: string; id: string } | null>(null);
  const scrubbing = useRef(false);
  // The latest props for callbacks that stay the same across renders (so memoised lanes and
  // segments do not re-render because the screen passed new inline functions).
  const latest = useRef({
    lanes,
    durationMs,
    seek,
    onEdgeDragCommit,
    onEditPrompt,
    onSelectSegment,
  });
  useLayoutEffect(() => {
    latest.current = { lanes, durationMs, seek, onEdgeDragCommit, onEditPrompt, onSelectSegment };
  });

  const segmentLanes = lanes.flatMap((lane) =>
    lane.kind === 'music' || lane.kind === 'sfx'
      ? [{ id: lane.id, segments: lane.segments ?? [] }]
      : [],
  );
  const drag = useEdgeDrag({
    viewport,
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
  const zoom = useZoom({
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
      zoomIn: () => zoom.zoomBy(ZOOM_STEP),
      zoomOut: () => zoom.zoomBy(1 / ZOOM_STEP),
      fit: zoom.fit,
    }),
    [zoom],
  );

  const selectedId = selectedSegmentId !== undefined ? selectedSegmentId : ownSelection;
  const onSelect = useCallback((laneId: string, segmentId: string) => {
    setOwnSelection(segmentId);
    latest.current.onSelectSegment?.(laneId, segmentId);
  }, []);
  const onEdit = useCallback((laneId: string, id: string) => {
    if (latest.current.onEditPrompt) setEditing({ laneId, id });
  }, []);
  const onEditDone = useCallback(
    (laneId: string, id: string, text: string | null, refocus: boolean) => {
      setEditing(null);
      const lane = latest.current.lanes.find((candidate) => candidate.id === laneId);
      const before = lane?.segments?.find((segment) => segment.id === id)?.prompt;
      if (text !== null && text !== before) latest.current.onEditPrompt?.(laneId, id, text);
      if (refocus) {
        requestAnimationFrame(() =>
          scrollRef.current
            ?.querySelector<HTMLElement>(
              `[data-lane-id="${CSS.escape(laneId)}"] [data-segment-id="${CSS.escape(id)}"]`,
            )
            ?.focus(),
        );
      }
    },
    [],
  );
  const onNudgeEnd = useCallback(
    (laneId: string, index: number, deltaMs: number) => {
      const now = latest.current;
      const lane = now.lanes.find((candidate) => candidate.id === laneId);
      if (!lane?.segments) return;
      const move = nudgeEnd(lane.segments, index, deltaMs, {
        durationMs: now.durationMs,
        minLengthMs,
      });
      const moved = move.segments[index]?.endMs !== lane.segments[index]?.endMs;
      if (moved) now.onEdgeDragCommit(laneId, move.segments);
    },
    [minLengthMs],
  );
  const onSeek = useCallback((ms: number) => latest.current.seek(ms), []);
  const onScrub = useCallback((active: boolean) => {
    scrubbing.current = active;
  }, []);

  const contentPx = msToPx(durationMs, pxPerSecond);
  const style = {
    '--timeline-head': `${HEAD_PX}px`,
    '--timeline-ruler': `${RULER_PX}px`,
    '--lane-source': `${LANE_PX.source}px`,
    '--lane-prompt': `${LANE_PX.music}px`,
    '--lane-take': `${LANE_PX.take}px`,
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
        onZoomIn={() => zoom.zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoom.zoomBy(1 / ZOOM_STEP)}
        onFit={zoom.fit}
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
            if (lane.kind === 'source') {
              return (
                <SourceLane
                  key={lane.id}
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
                selectedId={selectedId}
                editingId={editing?.laneId === lane.id ? editing.id : null}
                draggingEdge={preview?.edgeIndex ?? null}
                onSelect={onSelect}
                onEdit={onEdit}
                onEditDone={onEditDone}
                onNudgeEnd={onNudgeEnd}
                onEdgePointerDown={drag.begin}
              />
            );
          })}
          <TimelineOverlay
            shotsMs={shotsMs}
            pxPerSecond={pxPerSecond}
            snappedToMs={drag.preview?.snappedToMs ?? null}
          />
          <Playhead ms={playheadMs} pxPerSecond={pxPerSecond} />
        </div>
      </div>
    </section>
  );
}
