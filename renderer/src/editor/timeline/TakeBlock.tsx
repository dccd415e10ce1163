import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  movePlacement,
  placedRange,
  trimPlacementEnd,
  trimPlacementStart,
  type Placement,
} from '../../../../shared/domain/timeline';
import { msToPx, pxToMs } from './scale';
import { formatTimecode } from './segment-name';
import { snapToleranceMs } from './snapping';
import type { TimelineTake } from './types';

/** How near an edge (px) a press grabs the edge instead of the whole take. */
const EDGE_GRAB_PX = 7;

type Gesture = 'move' | 'start' | 'end';

export interface TakeBlockProps {
  laneId: string;
  /** The document lane the take is on (music, sfx, audio): `data-lane`. */
  takeLane: string;
  take: TimelineTake & Placement;
  pxPerSecond: number;
  durationMs: number;
  frameMs: number;
  /** Snap targets: shot changes and the playhead. */
  snapTargetsMs: readonly number[];
  snapping: boolean;
  selected: boolean;
  onSelect(laneId: string, takeId: string): void;
  /** Once per gesture (pointer-up, or one key press): one undo step. */
  onPlace?: ((laneId: string, takeId: string, placement: Placement) => void) | undefined;
  onDelete?: ((laneId: string, takeId: string) => void) | undefined;
}

function applyGesture(
  gesture: Gesture,
  take: Placement,
  toMs: number,
  options: Parameters<typeof movePlacement>[2],
): Placement {
  if (gesture === 'move') return movePlacement(take, toMs, options);
  return gesture === 'start'
    ? trimPlacementStart(take, toMs, options)
    : trimPlacementEnd(take, toMs, options);
}

/**
 * One take placed on the timeline: drag its body to move it, an edge to trim it (snapping to
 * shot changes and the playhead; Alt places freely). Keys on the focused take: ←/→ move by a
 * frame (Shift: a second), Alt+←/→ trim the start, Ctrl+←/→ trim the end, Delete removes it.
 */
export function TakeBlock(props: TakeBlockProps) {
  const { laneId, take, pxPerSecond, durationMs, frameMs } = props;
  const [preview, setPreview] = useState<Placement | null>(null);
  const drag = useRef<{ gesture: Gesture; x: number; from: Placement; moved: boolean } | null>(
    null,
  );
  const current: Placement = preview ?? take;
  const { startMs, endMs } = placedRange(current, durationMs);
  const editable = !!props.onPlace && !take.generating;
  const options = (free: boolean) => ({
    durationMs,
    ...(props.snapping && !free
      ? { snapTargetsMs: props.snapTargetsMs, snapToleranceMs: snapToleranceMs(pxPerSecond) }
      : {}),
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    props.onSelect(laneId, take.id);
    if (!editable || (event.target as HTMLElement).closest('button')) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const gesture: Gesture =
      x <= EDGE_GRAB_PX ? 'start' : box.width - x <= EDGE_GRAB_PX ? 'end' : 'move';
    drag.current = { gesture, x: event.clientX, from: take, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const active = drag.current;
    if (!active) return;
    const deltaMs = pxToMs(event.clientX - active.x, pxPerSecond);
    if (Math.abs(event.clientX - active.x) > 2) active.moved = true;
    const range = placedRange(active.from, durationMs);
    const base =
      active.gesture === 'end'
        ? range.endMs
        : active.gesture === 'start'
          ? range.startMs
          : range.startMs;
    setPreview(applyGesture(active.gesture, active.from, base + deltaMs, options(event.altKey)));
  };
  const onPointerUp = () => {
    const active = drag.current;
    drag.current = null;
    if (active?.moved && preview && preview !== active.from) {
      props.onPlace?.(laneId, take.id, preview);
    }
    setPreview(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      event.stopPropagation();
      props.onDelete?.(laneId, take.id);
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const step = (event.shiftKey ? 1000 : frameMs) * (event.key === 'ArrowLeft' ? -1 : 1);
    const gesture: Gesture =
      event.ctrlKey || event.metaKey ? 'end' : event.altKey ? 'start' : 'move';
    const range = placedRange(take, durationMs);
    const from = gesture === 'end' ? range.endMs : range.startMs;
    const next = applyGesture(gesture, take, from + step, { durationMs });
    if (next !== take) props.onPlace?.(laneId, take.id, next);
  };

  const name = `${take.label}, ${formatTimecode(startMs)} to ${formatTimecode(endMs)}`;
  return (
    <div
      className={`take-bar take-block${take.generating ? ' take-bar--generating' : ''}${
        props.selected ? ' take-block--selected' : ''
      }${preview ? ' take-block--dragging' : ''}`}
      style={{
        left: msToPx(startMs, pxPerSecond),
        width: Math.max(2, msToPx(endMs - startMs, pxPerSecond)),
      }}
      data-testid="take"
      data-take-id={take.id}
      data-lane={props.takeLane}
      data-start-ms={startMs}
      data-end-ms={endMs}
      // A group, not a button: it holds its own delete button (axe: nested-interactive).
      role="group"
      aria-roledescription="take"
      tabIndex={0}
      aria-label={name}
      aria-keyshortcuts="ArrowLeft ArrowRight Alt+ArrowLeft Alt+ArrowRight Control+ArrowLeft Control+ArrowRight Delete"
      title={name}
      onFocus={() => !props.selected && props.onSelect(laneId, take.id)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setPreview(null);
      }}
      onKeyDown={onKeyDown}
    >
      {take.generating ? <span className="take-bar__note">Generating…</span> : null}
      {editable && props.onDelete ? (
        <button
          type="button"
          className="take-block__delete"
          data-testid="take-delete"
          aria-label={`Delete ${take.label}`}
          title="Delete (Delete key)"
          onClick={(event) => {
            event.stopPropagation();
            props.onDelete?.(laneId, take.id);
          }}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
