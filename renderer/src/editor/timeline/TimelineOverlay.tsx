import { memo } from 'react';
import { msToPx } from './scale';
import { formatTimecode } from './segment-name';
import type { SnapKind } from './snapping';

const SNAP_WORDS: Record<SnapKind, string> = {
  shot: 'shot change',
  playhead: 'playhead',
  edge: 'other lane',
};

/**
 * Lines across every lane (the pointer passes through them to the lanes below): shot changes,
 * the guide of a dragged edge and the playhead.
 */
export const ShotMarkers = memo(function ShotMarkers(props: {
  shotsMs: readonly number[];
  pxPerSecond: number;
}) {
  const { shotsMs, pxPerSecond } = props;
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
