/** `m:ss:ff` at the video's frame rate, as editors show a playhead. */
export function formatTimecode(ms: number, fps: number): string {
  const rate = fps > 0 ? fps : 25;
  const totalFrames = Math.floor((Math.max(0, ms) / 1000) * rate + 1e-6);
  const frames = totalFrames % Math.round(rate);
  const seconds = Math.floor(totalFrames / rate);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}:${pad(frames)}`;
}
