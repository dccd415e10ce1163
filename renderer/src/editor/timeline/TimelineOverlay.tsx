import { memo, type KeyboardEvent } from 'react';
import { msToPx } from './scale';
import { formatTimecode } from './segment-name';
import type { SnapKind } from './snapping';

const SNAP_WORDS: Record<SnapKind, string> = {
  shot: 'shot change',
  playhead: 'playhead',
  edge: 'other lane',
};

/** What a screen that lets the user edit shot changes passes to the markers. */
export interface ShotMarkerActions {
  /** The selected shot change, by its time; null when none is. */
  selectedMs: number | null;
  /** A click, Enter or Space on a marker (and arrow keys between markers) selects it. */
  onSelect(ms: number): void;
  /** Delete or Backspace on a focused marker. */
  onRemove(ms: number): void;
}

/**
 * Lines across every lane (the pointer passes through them to the lanes below) for the shot
 * changes. With `actions`, each also has a handle in the ruler band: a button that selects it
 * (click, Enter), moves to the neighbour (←/→) and removes it (Delete). One handle is in the tab
 * order (roving tabindex), so many cuts do not make many tab stops.
 */
export const ShotMarkers = memo(function ShotMarkers(props: {
  shotsMs: readonly number[];
  pxPerSecond: number;
  actions?: ShotMarkerActions | undefined;
}) {
  const { shotsMs, pxPerSecond, actions } = props;
  if (!actions) {
    return (
      <div className="timeline__overlay" aria-hidden="true">
        {shotsMs.map((ms) => (
          <div
            key={ms}
            className="shot-marker"
            data-testid="shot-marker"
            data-ms={ms}
            style={{ left: msToPx(ms, pxPerSecond) }}
          />
        ))}
      </div>
    );
  }
  const { selectedMs, onSelect, onRemove } = actions;
  const focusIndex = Math.max(0, selectedMs === null ? 0 : shotsMs.indexOf(selectedMs));
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const ms = shotsMs[index]!;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // Focus stays in the group: on the handle that takes the removed one's place.
      const group = event.currentTarget.parentElement;
      onRemove(ms);
      requestAnimationFrame(() => {
        const handles = group?.querySelectorAll('button');
        if (!handles || handles.length === 0) return;
        (handles[Math.min(index, handles.length - 1)] as HTMLButtonElement).focus();
      });
      return;
    }
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const next = shotsMs[index + step];
    if (next === undefined) return;
    onSelect(next);
    const handles = event.currentTarget.parentElement?.querySelectorAll('button');
    (handles?.[index + step] as HTMLButtonElement | undefined)?.focus();
  };
  return (
    <div
      className="timeline__overlay timeline__overlay--shots"
      role="group"
      aria-label="Shot changes"
    >
      {shotsMs.map((ms) => (
        <div
          key={`line-${ms}`}
          className={`shot-line${selectedMs === ms ? ' shot-line--selected' : ''}`}
          aria-hidden="true"
          style={{ left: msToPx(ms, pxPerSecond) }}
        />
      ))}
      {shotsMs.map((ms, index) => (
        <button
          key={ms}
          type="button"
          className={`shot-marker shot-marker--handle${selectedMs === ms ? ' shot-marker--selected' : ''}`}
          data-testid="shot-marker"
          data-ms={ms}
          data-selected={selectedMs === ms ? 'true' : undefined}
          aria-pressed={selectedMs === ms}
          aria-label={`Shot change at ${formatTimecode(ms)}`}
          title={`Shot change at ${formatTimecode(ms)} (Delete removes it)`}
          tabIndex={index === focusIndex ? 0 : -1}
          style={{ left: msToPx(ms, pxPerSecond) }}
          onClick={() => onSelect(ms)}
          onKeyDown={(event) => onKeyDown(event, index)}
        />
      ))}
    </div>
  );
});

/** Where a dragged edge is, whether it snapped, and why it stopped, if it was held. */
export interface DragGuide {
  ms: number;
  /** What it snapped to, or null when it is where the pointer put it. */
  snappedTo: SnapKind | null;
  problem: string | undefined;
}

/**
 * The guide at a dragged edge: its time, lit when snapped, and the reason it was held (the
 * segment that is too short may be too thin to show it).
 */
export function DragGuideLine({ guide, pxPerSecond }: { guide: DragGuide; pxPerSecond: number }) {
  return (
    <div className="timeline__overlay" aria-hidden="true">
      <div
        className={`drag-guide${guide.snappedTo ? ' drag-guide--snapped' : ''}`}
        data-testid="drag-guide"
        data-ms={guide.ms}
        data-snapped={guide.snappedTo ?? undefined}
        style={{ left: msToPx(guide.ms, pxPerSecond) }}
      >
        <span className="drag-guide__label">
          <span className="nums">{formatTimecode(guide.ms)}</span>
          {guide.snappedTo ? ` · ${SNAP_WORDS[guide.snappedTo]}` : null}
        </span>
        {guide.problem ? <span className="drag-guide__problem">{guide.problem}</span> : null}
      </div>
    </div>
  );
}

/**
 * The region the preview loops: a tinted band with bracket edges across every lane, shown while
 * the loop is on (docs/decisions/097-loop-region.md). The pointer passes through it.
 */
export function LoopBand({
  region,
  pxPerSecond,
}: {
  region: { startMs: number; endMs: number };
  pxPerSecond: number;
}) {
  const left = msToPx(region.startMs, pxPerSecond);
  return (
    <div className="timeline__overlay" aria-hidden="true">
      <div
        className="loop-band"
        data-testid="score-loop-region"
        data-start-ms={region.startMs}
        data-end-ms={region.endMs}
        style={{ left, width: Math.max(2, msToPx(region.endMs, pxPerSecond) - left) }}
      />
    </div>
  );
}

/** The playhead: moved with a transform, so playback repaints one line, not the lanes. */
export function Playhead({ ms, pxPerSecond }: { ms: number; pxPerSecond: number }) {
  return (
    <div
      className="playhead"
      data-testid="timeline-playhead"
      data-ms={Math.round(ms)}
      style={{ transform: `translateX(${msToPx(ms, pxPerSecond)}px)` }}
      aria-hidden="true"
    />
  );
}
