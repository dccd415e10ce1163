/** Where a dragged time lands: the nearest target within tolerance, else where it was. */
export interface Snap {
  ms: number;
  /** The target it snapped to, or null when none was within tolerance. */
  snappedToMs: number | null;
}

/**
 * Snaps `ms` to the nearest of `targetsMs` no farther than `toleranceMs` (the view converts its
 * pixel distance to ms, so snapping feels the same at any zoom). Ties go to the earlier target.
 */
export function snapMs(ms: number, targetsMs: readonly number[], toleranceMs: number): Snap {
  let best: number | null = null;
  for (const target of targetsMs) {
    const distance = Math.abs(target - ms);
    if (distance > toleranceMs) continue;
    if (
      best === null ||
      distance < Math.abs(best - ms) ||
      (distance === Math.abs(best - ms) && target < best)
    ) {
      best = target;
    }
  }
  return best === null ? { ms, snappedToMs: null } : { ms: best, snappedToMs: best };
}
