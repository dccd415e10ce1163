/**
 * Shot changes arriving one by one while main scans a video (media:shotFound): the list so far,
 * kept sorted and free of repeats, for one video and threshold. A push for another video or
 * threshold, or one that arrives twice (two scans of the same file), changes nothing.
 */
export interface FoundShots {
  key: string;
  shotsMs: readonly number[];
}

/** The key a scan's pushes are matched on. */
export function foundShotsKey(path: string, threshold: number): string {
  return `${threshold.toFixed(3)} ${path}`;
}

export function addFoundShot(found: FoundShots, key: string, ms: number): FoundShots {
  if (found.key !== key) return found;
  if (found.shotsMs.includes(ms)) return found;
  const shotsMs = [...found.shotsMs, ms].sort((a, b) => a - b);
  return { key, shotsMs };
}
