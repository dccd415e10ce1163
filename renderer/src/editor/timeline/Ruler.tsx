import { memo, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useStore } from 'zustand';
import { rulerTicks } from './ruler-ticks';
import { msAtPx, msToPx, pxToMs } from './scale';
import { formatTimecode } from './segment-name';
import type { ViewportStore } from './viewport';

export interface RulerProps {
  viewport: ViewportStore;
  durationMs: number;
  pxPerSecond: number;
  playheadMs: number;
  frameMs: number;
  onSeek(ms: number): void;
  /** Told when a scrub starts and ends, so the view does not page away under the pointer. */
  onScrub(active: boolean): void;
}

/**
 * The time ruler: click to move the playhead, drag to scrub. It is also the playhead's slider
 * for the keyboard (←/→ a frame, Shift a second, Home/End), named and valued for screen readers.
 */
export function Ruler(props: RulerProps) {
  const { viewport, durationMs, pxPerSecond, playheadMs, frameMs, onSeek, onScrub } = props;
  const lastSeek = useRef(-1);

  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const ms = msAtPx(event.clientX - left, pxPerSecond, durationMs);
    if (ms !== lastSeek.current) onSeek(ms);
    lastSeek.current = ms;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 1000 : frameMs;
    const to =
      event.key === 'ArrowLeft'
        ? playheadMs - step
        : event.key === 'ArrowRight'
          ? playheadMs + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? durationMs
              : null;
    if (to === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.round(Math.min(durationMs, Math.max(0, to))));
  };

  return (
    <div className="ruler">
      <div className="ruler__corner nums" aria-hidden="true">
        {formatTimecode(playheadMs)}
      </div>
      <div
        className="ruler__track"
        role="slider"
        tabIndex={0}
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={durationMs}
        aria-valuenow={Math.round(playheadMs)}
        aria-valuetext={`${formatTimecode(playheadMs)} of ${formatTimecode(durationMs)}`}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          onScrub(true);
          lastSeek.current = -1;
          seekAt(event);
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) seekAt(event);
        }}
        onPointerUp={() => onScrub(false)}
        onLostPointerCapture={() => onScrub(false)}
      >
        <RulerTicks viewport={viewport} durationMs={durationMs} pxPerSecond={pxPerSecond} />
      </div>
    </div>
  );
}

/**
 * Ticks for the visible page and one page either side. It re-renders only when the scroll
 * crosses into another page (the selector returns that page), not on every scroll event.
 */
const RulerTicks = memo(function RulerTicks(props: {
  viewport: ViewportStore;
  durationMs: number;
  pxPerSecond: number;
}) {
  const { viewport, durationMs, pxPerSecond } = props;
  const page = useStore(viewport, (v) => {
    const width = Math.max(200, v.width);
    return `${Math.floor(v.scrollLeft / width)}:${width}`;
  });
  const ticks = useMemo(() => {
    const [index, width] = page.split(':').map(Number) as [number, number];
    return rulerTicks(
      pxToMs((index - 1) * width, pxPerSecond),
      pxToMs((index + 2) * width, pxPerSecond),
      pxPerSecond,
      durationMs,
    );
  }, [page, pxPerSecond, durationMs]);
  return (
    <div aria-hidden="true">
      {ticks.minor.map((ms) => (
        <span key={ms} className="ruler__tick" style={{ left: msToPx(ms, pxPerSecond) }} />
      ))}
      {ticks.major.map(({ ms, label }) => (
        <span
          key={ms}
          className="ruler__tick ruler__tick--major"
          style={{ left: msToPx(ms, pxPerSecond) }}
        >
          <span className="ruler__label nums">{label}</span>
        </span>
      ))}
    </div>
  );
});
