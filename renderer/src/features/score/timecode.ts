/**
 * SMPTE `HH:MM:SS:FF` at the video's frame rate, hours always shown: a shorter `m:ss:ff` read
 * as hours:minutes:seconds beside the timeline's `m:ss.s` (a 60 s clip showed "1:00:00").
 */
export function formatTimecode(ms: number, fps: number): string {
  const rate = fps > 0 ? fps : 25;
  const totalFrames = Math.floor((Math.max(0, ms) / 1000) * rate + 1e-6);
  const frames = totalFrames % Math.round(rate);
  const seconds = Math.floor(totalFrames / rate);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  return `${pad(hours)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${pad(frames)}`;
}

/** What the four fields of {@link formatTimecode} are, for titles and accessible names. */
export const TIMECODE_FIELDS = 'hours:minutes:seconds:frames';
