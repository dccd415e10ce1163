import { useEffect, useMemo, useRef } from 'react';
import { peakColumns, toDecoded, type LanePeaks } from './peaks';
import { msToPx } from './scale';
import type { ViewportStore } from './viewport';

export interface WaveformCanvasProps {
  peaks: LanePeaks;
  viewport: ViewportStore;
  pxPerSecond: number;
  /** Where the audio starts on the timeline (takes may start later than 0). */
  offsetMs?: number;
  /** How much of the audio's start is skipped (a take trimmed at its left edge). */
  fileStartMs?: number;
  /** How long the audio is; the canvas draws nothing outside [offset, offset + length]. */
  lengthMs: number;
  /** The timeline's length, which bounds the canvas. */
  durationMs: number;
  height: number;
}

/**
 * A waveform drawn from peaks on one viewport-wide canvas that stays put (sticky) while the
 * lanes scroll; only the visible window is binned and painted, once per animation frame at
 * most, so cost does not grow with the media's length or the zoom.
 */
export function WaveformCanvas(props: WaveformCanvasProps) {
  const { peaks, viewport, pxPerSecond, offsetMs = 0, lengthMs, durationMs, height } = props;
  const fileStartMs = props.fileStartMs ?? 0;
  const ref = useRef<HTMLCanvasElement>(null);
  const decoded = useMemo(() => toDecoded(peaks), [peaks]);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const fill = getComputedStyle(canvas).getPropertyValue('--wave-fill').trim() || '#7d8796';
    let columns = new Float32Array(0);
    let frame = 0;
    const draw = () => {
      frame = 0;
      const { scrollLeft, width } = viewport.getState();
      const cssWidth = Math.max(0, Math.min(width, msToPx(durationMs, pxPerSecond) - scrollLeft));
      const ratio = window.devicePixelRatio || 1;
      const pixels = Math.round(cssWidth * ratio);
      if (canvas.width !== pixels || canvas.height !== Math.round(height * ratio)) {
        canvas.width = pixels;
        canvas.height = Math.round(height * ratio);
      }
      canvas.style.width = `${cssWidth}px`;
      context.clearRect(0, 0, canvas.width, canvas.height);
      if (pixels === 0) return;
      const msPerColumn = 1000 / (pxPerSecond * ratio);
      const startMs = (scrollLeft * 1000) / pxPerSecond;
      // Only the columns where the audio is: the rest of the lane stays empty, not flat-lined.
      const first = Math.max(0, Math.floor((offsetMs - startMs) / msPerColumn));
      const last = Math.min(pixels, Math.ceil((offsetMs + lengthMs - startMs) / msPerColumn));
      if (last <= first) return;
      if (columns.length < (last - first) * 2) columns = new Float32Array((last - first) * 2);
      peakColumns(
        decoded,
        startMs + first * msPerColumn - offsetMs + fileStartMs,
        msPerColumn,
        last - first,
        columns,
      );
      const middle = canvas.height / 2;
      const half = middle - ratio;
      context.fillStyle = fill;
      for (let c = 0; c < last - first; c++) {
        const top = middle - columns[2 * c + 1]! * half;
        const bottom = middle - columns[2 * c]! * half;
        context.fillRect(first + c, top, 1, Math.max(ratio, bottom - top));
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    schedule();
    const unsubscribe = viewport.subscribe(schedule);
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [decoded, viewport, pxPerSecond, offsetMs, fileStartMs, lengthMs, durationMs, height]);

  return <canvas ref={ref} className="wave-canvas" style={{ height }} aria-hidden="true" />;
}
