/**
 * Shot changes edited by hand (docs/editing.md, "Shots by hand"). Detection gives a list per
 * video and threshold; the user's own cuts and the detected cuts they removed are kept apart in
 * the document, so a new scan (another sensitivity) keeps the user's choices:
 * shown = detected − removed + added. Times are integer ms.
 */
export interface ShotEdits {
  /** Cuts the user added where detection found none. */
  addedMs: readonly number[];
  /** Detected cuts the user removed. */
  removedMs: readonly number[];
}

export const NO_SHOT_EDITS: ShotEdits = { addedMs: [], removedMs: [] };

/**
 * Two cuts closer than this are the same cut: less than a frame at any frame rate the app
 * plays (a scan at another threshold reports the same frames, but an added cut is wherever the
 * playhead was).
 */
export const SAME_SHOT_MS = 20;

const near = (a: number, b: number, toleranceMs: number) => Math.abs(a - b) < toleranceMs;
const sortedUnique = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

/** The cuts to show and snap to: detected ones not removed, plus the added ones, in order. */
export function mergeShots(
  detectedMs: readonly number[],
  edits: ShotEdits | undefined,
  toleranceMs = SAME_SHOT_MS,
): number[] {
  if (!edits || (edits.addedMs.length === 0 && edits.removedMs.length === 0))
    return sortedUnique(detectedMs);
  const kept = detectedMs.filter((ms) => !edits.removedMs.some((r) => near(ms, r, toleranceMs)));
  const added = edits.addedMs.filter((ms) => !kept.some((k) => near(ms, k, toleranceMs)));
  return sortedUnique([...kept, ...added]);
}

/**
 * A cut at `atMs`. Where a removed detected cut was, it comes back (the removal is forgotten);
 * where a cut is already shown, nothing changes (the same object is returned).
 */
export function addShot(
  edits: ShotEdits,
  detectedMs: readonly number[],
  atMs: number,
  toleranceMs = SAME_SHOT_MS,
): ShotEdits {
  const ms = Math.max(0, Math.round(atMs));
  const restored = edits.removedMs.filter((r) => !near(r, ms, toleranceMs));
  if (
    restored.length !== edits.removedMs.length &&
    detectedMs.some((d) => near(d, ms, toleranceMs))
  ) {
    return { addedMs: edits.addedMs, removedMs: restored };
  }
  if (mergeShots(detectedMs, edits, toleranceMs).some((shown) => near(shown, ms, toleranceMs)))
    return edits;
  return { addedMs: sortedUnique([...edits.addedMs, ms]), removedMs: edits.removedMs };
}

/**
 * Removes the shown cut at `ms`: a cut the user added is forgotten, a detected one is
 * remembered as removed. A time with no cut changes nothing (the same object is returned).
 */
export function removeShot(
  edits: ShotEdits,
  detectedMs: readonly number[],
  ms: number,
  toleranceMs = SAME_SHOT_MS,
): ShotEdits {
  const addedMs = edits.addedMs.filter((a) => !near(a, ms, toleranceMs));
  const detected = detectedMs.filter((d) => near(d, ms, toleranceMs));
  const removedAlready = (d: number) => edits.removedMs.some((r) => near(r, d, toleranceMs));
  const newlyRemoved = detected.filter((d) => !removedAlready(d));
  if (addedMs.length === edits.addedMs.length && newlyRemoved.length === 0) return edits;
  return { addedMs, removedMs: sortedUnique([...edits.removedMs, ...newlyRemoved]) };
}

/** The shown cut nearest to `atMs` (the earlier one on a tie); undefined when there is none. */
export function nearestShot(shotsMs: readonly number[], atMs: number): number | undefined {
  let best: number | undefined;
  for (const ms of shotsMs) {
    if (best === undefined || Math.abs(ms - atMs) < Math.abs(best - atMs)) best = ms;
  }
  return best;
}
