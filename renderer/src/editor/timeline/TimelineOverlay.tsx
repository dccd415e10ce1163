import { memo } from 'react';
import { msToPx } from './scale';
import { formatTimecode } from './segment-name';

/**
 * Lines across every lane: shot changes (from media:shots) and, while an edge is dragged, the
 * target it snapped to. Purely visual: the pointer passes through to the lanes below.
 */
export const TimelineOverlay = memo(function TimelineOverlay(props: {
  shotsMs: readonly number[];
  pxPerSecond: number;
  snappedToMs: number | null;
}) {
  const { shotsMs, pxPerSecond, snappedToMs } = props;
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
      {snappedToMs !== null ? (
        <div className="snap-guide" style={{ left: msToPx(snappedToMs, pxPerSecond) }}>
          <span className="snap-guide__label nums">{formatTimecode(snappedToMs)}</span>
        </div>
      ) : null}
    </div>
  );
});

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
