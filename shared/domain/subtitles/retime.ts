import type { Cue } from './cue';
import { clockTime } from './cue';
import type { EditResult, Languages } from './split-merge';

/**
 * Re-timing many cues at once (docs/subtitles.md, "Shift and sync"): a shift by N ms, two-point
 * sync and frame-rate conversion, applied to every language (cues that translate each other
 * share an id and a timing). A result that would put any time below zero is refused with the
 * reason; nothing is clamped silently.
 */

type Mapping = (ms: number) => number;

/** Applies `map` to the start and end of each cue in `ids` (all cues when null). */
function remap(
  languages: Languages,
  ids: ReadonlySet<string> | null,
  map: Mapping,
): EditResult<{ languages: Record<string, Cue[]> }> {
  const out: Record<string, Cue[]> = {};
  let changed = false;
  for (const [code, cues] of Object.entries(languages)) {
    const next = new Array<Cue>(cues.length);
    for (let i = 0; i < cues.length; i += 1) {
      const cue = cues[i]!;
      if (ids && !ids.has(cue.id)) {
        next[i] = cue;
        continue;
      }
      const startMs = Math.round(map(cue.startMs));
      const endMs = Math.round(map(cue.endMs));
      if (startMs < 0)
        return {
          ok: false,
          message: `That would move the cue at ${clockTime(cue.startMs)} to ${clockTime(startMs)}, before the start of the video. Use a smaller amount.`,
        };
      changed ||= startMs !== cue.startMs || endMs !== cue.endMs;
      next[i] = startMs === cue.startMs && endMs === cue.endMs ? cue : { ...cue, startMs, endMs };
    }
    out[code] = next;
  }
  if (!changed) return { ok: false, message: 'Nothing to change: the times stay the same.' };
  return { ok: true, languages: out };
}

/** Moves the cues `ids` (all when null) by `deltaMs`, later when positive. */
export function shiftCues(languages: Languages, ids: ReadonlySet<string> | null, deltaMs: number) {
  if (!Number.isFinite(deltaMs) || !Number.isInteger(deltaMs))
    return {
      ok: false as const,
      message: 'Type the shift as a whole number of milliseconds, e.g. -1500.',
    };
  return remap(languages, ids, (ms) => ms + deltaMs);
}

/** One point of a two-point sync: a cue start as it is, and where it should be. */
export interface SyncPoint {
  fromMs: number;
  toMs: number;
}

/**
 * Two-point sync: a linear map taking `a.fromMs` to `a.toMs` and `b.fromMs` to `b.toMs` (a drift
 * and an offset at once, as when a file was timed for another cut or frame rate), on every cue.
 */
export function twoPointSync(languages: Languages, a: SyncPoint, b: SyncPoint) {
  if (a.fromMs === b.fromMs)
    return { ok: false as const, message: 'Choose two different cues for the two sync points.' };
  const scale = (b.toMs - a.toMs) / (b.fromMs - a.fromMs);
  if (!(scale > 0))
    return {
      ok: false as const,
      message: 'The two new times must keep the cues in the same order. Check both times.',
    };
  return remap(languages, null, (ms) => a.toMs + (ms - a.fromMs) * scale);
}

/** The frame rates a conversion offers (film, PAL, NTSC, and whole 30). */
export const FRAME_RATES = [23.976, 25, 29.97, 30] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

/** The exact rate behind a rounded label: 23.976 is 24000/1001, 29.97 is 30000/1001. */
const exactRate = (fps: FrameRate): number =>
  fps === 23.976 ? 24000 / 1001 : fps === 29.97 ? 30000 / 1001 : fps;

/**
 * Re-times cues made for a video at `from` fps to the same frames played at `to` fps (a PAL
 * speed-up: 23.976 -> 25 makes every time 4.1 % earlier).
 */
export function convertFrameRate(languages: Languages, from: FrameRate, to: FrameRate) {
  const factor = exactRate(from) / exactRate(to);
  return remap(languages, null, (ms) => ms * factor);
}
