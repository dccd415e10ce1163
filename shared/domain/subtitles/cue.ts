/**
 * The subtitle cue model shared by the editor, main and the engine. Times are integer
 * milliseconds; `id` is a stable string that survives edits, splits, merges and re-sorting, so
 * a QC issue, an undo entry or a translation keeps pointing at the same cue (SubtitleEdit's
 * habit). File order is the array order; cue numbers exist only in written files.
 */
export interface Cue {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * Several languages of one script. Cues of different languages that translate each other share
 * an id (a proofread source and its translations, or files paired by the reader), so the
 * editor can show them side by side without matching by index.
 */
export interface SubtitleDocument {
  /** Language code -> that language's cues, in file order. */
  languages: Record<string, Cue[]>;
}

/** Ids `c1`..`cN` for cues read from a file, in file order. */
export function cueIdForPosition(position: number): string {
  return `c${position + 1}`;
}

/**
 * A fresh id derived from `base` that no cue in `taken` uses (`c7` -> `c7.1`, `c7.2`, ...), for
 * the second half of a split or a newly inserted cue.
 */
export function newCueId(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const candidate = `${base}.${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const durationMs = (cue: Cue): number => cue.endMs - cue.startMs;

/** Cues sorted by start (then end); a stable sort, so equal cues keep their order. */
export function sortByStart(cues: readonly Cue[]): Cue[] {
  return [...cues].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** 1-based position of a cue in its list (what a written file numbers it), or 0 when absent. */
export function cueNumber(cues: readonly Cue[], id: string): number {
  return cues.findIndex((cue) => cue.id === id) + 1;
}

/** `h:mm:ss.mmm` for messages (not a file format). */
export function clockTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.abs(Math.round(ms));
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${sign}${hours}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(total % 1000, 3)}`;
}
