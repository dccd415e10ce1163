import { memo, type KeyboardEvent } from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import type { ShownProblem } from './edge-drag';
import { msToPx } from './scale';
import { formatTimecode, NO_PROMPT, segmentName } from './segment-name';

export interface SegmentBlockProps {
  laneId: string;
  laneKind: string;
  laneLabel: string;
  index: number;
  segment: TimelineSegment;
  pxPerSecond: number;
  problem: ShownProblem | undefined;
  selected: boolean;
  /** Keyboard trim step (one frame). */
  frameMs: number;
  onSelect(laneId: string, segmentId: string): void;
  onEdit(laneId: string, segmentId: string): void;
  /** Moves this segment's end edge (its start is the previous segment's end). */
  onNudgeEnd(laneId: string, index: number, deltaMs: number): void;
}

/**
 * One segment: a focusable block named for screen readers. Enter or F2 (or a double-click)
 * edits its prompt in place; Ctrl/Cmd+←/→ moves its end edge by a frame, with Shift by a
 * second (each press is one undo step). Arrows alone stay the app's transport keys.
 */
export const SegmentBlock = memo(function SegmentBlock(props: SegmentBlockProps) {
  const { laneId, laneKind, laneLabel, index, segment, pxPerSecond, problem, selected } = props;
  const left = msToPx(segment.startMs, pxPerSecond);
  const width = Math.max(1, msToPx(segment.endMs - segment.startMs, pxPerSecond));
  const name = segmentName(laneLabel, index, segment, problem?.message);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      event.stopPropagation();
      props.onEdit(laneId, segment.id);
    } else if (
      (event.ctrlKey || event.metaKey) &&
      !event.altKey &&
      (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
    ) {
      event.preventDefault();
      event.stopPropagation();
      const step = event.shiftKey ? 1000 : props.frameMs;
      props.onNudgeEnd(laneId, index, event.key === 'ArrowLeft' ? -step : step);
    }
  };

  const classes = [
    'segment',
    `segment--${laneKind}`,
    selected && 'segment--selected',
    problem && 'segment--problem',
    width < 44 && 'segment--narrow',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={classes}
      style={{ left, width }}
      data-testid="segment"
      data-segment-id={segment.id}
      data-lane={laneKind}
      data-start-ms={segment.startMs}
      data-end-ms={segment.endMs}
      data-problem={problem?.code}
      role="button"
      tabIndex={0}
      aria-label={name}
      aria-keyshortcuts="Enter F2 Control+ArrowLeft Control+ArrowRight"
      title={name}
      onPointerDown={(event) => {
        if (event.button === 0) props.onSelect(laneId, segment.id);
      }}
      // Tabbing to a segment selects it too, so I/O, S and Delete act on what has focus.
      onFocus={() => {
        if (!selected) props.onSelect(laneId, segment.id);
      }}
      onDoubleClick={() => props.onEdit(laneId, segment.id)}
      onKeyDown={onKeyDown}
    >
      {/* Text in the order of the accessible name (so speech matches what is seen); CSS puts
          the prompt on the first line either way. */}
      {problem ? null : (
        <span className="segment__span nums">
          {formatTimecode(segment.startMs)} to {formatTimecode(segment.endMs)}
        </span>
      )}{' '}
      <span className="segment__prompt">{segment.prompt.trim() || NO_PROMPT}</span>{' '}
      {problem ? <span className="segment__problem">{problem.message}</span> : null}
    </div>
  );
});
