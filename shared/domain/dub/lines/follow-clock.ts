/**
 * Side by side (docs/dubbing.md "Side by side"): the dub's player follows the original's clock.
 * Players drift apart by a few ms while playing; re-seeking on every tiny gap would stutter, so
 * the follower is put back only when the gap passes about a frame.
 */

/** One frame at 30 fps, in seconds: the largest drift left alone. */
export const MAX_DRIFT_SECONDS = 1 / 30;

/** Where the follower must seek to (the leader's time), or null while the gap is small enough. */
export function followerSeek(
  leaderSeconds: number,
  followerSeconds: number,
  maxDrift = MAX_DRIFT_SECONDS,
): number | null {
  return Math.abs(leaderSeconds - followerSeconds) > maxDrift ? leaderSeconds : null;
}
