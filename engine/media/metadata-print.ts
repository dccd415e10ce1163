/** One frame's entry in the text that ffmpeg's `metadata=print:file=…` filter writes. */
export interface PrintedFrame {
  time: number;
  values: Record<string, number>;
}

const FRAME_LINE = /^frame:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.eE+-]+)/;

/**
 * Parses `metadata=print` output: a `frame:N pts:P pts_time:T` line followed by `key=value`
 * lines. Keys keep their full names (`lavfi.signalstats.YAVG`); non-numeric values are dropped.
 */
export function parseMetadataPrint(text: string): PrintedFrame[] {
  const frames: PrintedFrame[] = [];
  let current: PrintedFrame | undefined;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    const frame = FRAME_LINE.exec(line);
    if (frame) {
      current = { time: Number(frame[1]), values: {} };
      frames.push(current);
      continue;
    }
    const eq = line.indexOf('=');
    if (!current || eq <= 0) continue;
    const value = Number(line.slice(eq + 1));
    if (Number.isFinite(value)) current.values[line.slice(0, eq)] = value;
  }
  return frames;
}
