import type { Cue } from '../../subtitles/cue';

/**
 * The stretch of a dub re-made when one line is re-dubbed (docs/dubbing.md "Re-dub one line",
 * docs/decisions/086-line-window-splice.md): the line, widened by up to a second on each side
 * without reaching into a neighbouring line (whose dubbed speech must stay), at most 15 s, with
 * each edge moved into a quiet stretch of the dub where there is one, so the splice is not heard.
 */

/** How far the window may reach past the line on each side. */
export const WINDOW_PAD_MS = 1000;
/** The longest window: the re-dub is billed on it, so it stays a short request. */
export const MAX_WINDOW_MS = 15_000;

/** A quiet stretch of the dub's audio, in ms from its start. */
export interface QuietSpan {
  startMs: number;
  endMs: number;
}

export interface LineWindow {
  /** The window in the full video, ms. */
  startMs: number;
  endMs: number;
  /** The one-cue script of the window: the line with its times relative to the window. */
  cue: Cue;
  /** Whether each edge sits in a quiet stretch (else it is the full pad or a neighbour's edge). */
  snapped: { start: boolean; end: boolean };
}

export type LineWindowResult =
  | { ok: true; value: LineWindow }
  | { ok: false; code: 'unknown_line' | 'line_too_long' | 'line_outside_video'; message: string };

/**
 * The window for re-dubbing `cueId` of `cues` (the approved script, in time order) in a video of
 * `durationMs`, with `text` as the line's new words.
 */
export function lineWindow(
  cues: readonly Cue[],
  cueId: string,
  text: string,
  durationMs: number,
  quiet: readonly QuietSpan[] = [],
): LineWindowResult {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const line = cues[index];
  if (!line)
    return {
      ok: false,
      code: 'unknown_line',
      message: 'That line is not in the approved script any more. Reopen the cell.',
    };
  if (line.startMs >= durationMs || line.endMs <= line.startMs)
    return {
      ok: false,
      code: 'line_outside_video',
      message: 'That line has no time inside the video. Fix its times in the script first.',
    };
  const lineEnd = Math.min(line.endMs, durationMs);
  if (lineEnd - line.startMs > MAX_WINDOW_MS)
    return {
      ok: false,
      code: 'line_too_long',
      message: `That line lasts more than ${MAX_WINDOW_MS / 1000} s; split it in the script, then re-dub each part.`,
    };
  // Neighbours bound the window: their dubbed speech is outside what is replaced.
  const previousEnd = Math.max(0, ...cues.slice(0, index).map((cue) => cue.endMs));
  const nextStart = Math.min(durationMs, ...cues.slice(index + 1).map((cue) => cue.startMs));
  const startLo = Math.min(line.startMs, Math.max(previousEnd, line.startMs - WINDOW_PAD_MS, 0));
  const endHi = Math.max(lineEnd, Math.min(nextStart, lineEnd + WINDOW_PAD_MS, durationMs));
  // Room left under the 15 s cap, shared evenly between the two sides.
  const room = MAX_WINDOW_MS - (lineEnd - line.startMs);
  const before = Math.min(line.startMs - startLo, Math.max(room / 2, room - (endHi - lineEnd)));
  const after = Math.min(endHi - lineEnd, room - before);
  const start = snapEdge(line.startMs - before, line.startMs, quiet, 'start');
  const end = snapEdge(lineEnd, lineEnd + after, quiet, 'end');
  const startMs = Math.round(start.ms);
  const endMs = Math.round(end.ms);
  return {
    ok: true,
    value: {
      startMs,
      endMs,
      cue: {
        id: line.id,
        startMs: line.startMs - startMs,
        endMs: lineEnd - startMs,
        text: text.trim(),
      },
      snapped: { start: start.snapped, end: end.snapped },
    },
  };
}

/**
 * An edge inside [lo, hi]: the middle of the quiet stretch nearest the line that overlaps the
 * range, else the outer end of the range (the full pad).
 */
function snapEdge(
  lo: number,
  hi: number,
  quiet: readonly QuietSpan[],
  side: 'start' | 'end',
): { ms: number; snapped: boolean } {
  const overlaps = quiet
    .map((span) => ({ startMs: Math.max(lo, span.startMs), endMs: Math.min(hi, span.endMs) }))
    .filter((span) => span.endMs > span.startMs);
  if (overlaps.length === 0) return { ms: side === 'start' ? lo : hi, snapped: false };
  const nearest =
    side === 'start'
      ? overlaps.reduce((a, b) => (b.endMs > a.endMs ? b : a))
      : overlaps.reduce((a, b) => (b.startMs < a.startMs ? b : a));
  return { ms: (nearest.startMs + nearest.endMs) / 2, snapped: true };
}
