/**
 * Side by side (docs/dubbing.md "Side by side"): the dub's player follows the original's clock.
 * Two players started together drift apart by tens of ms (each starts and buffers on its own).
 * Seeking the follower to close a small gap makes it worse: a seek stalls the player while it
 * decodes from a key frame, so the gap grows again at once. Small gaps are closed by nudging the
 * follower's playback rate instead (a few per cent, for a fraction of a second); only a gap
 * past SEEK_GAP_SECONDS (a stall, a seek of the leader) is closed by seeking.
 */

/** One frame at 30 fps, in seconds: the drift the side by side must stay under (issue 15). */
export const MAX_DRIFT_SECONDS = 1 / 30;

/** A gap this large is not caught up by speed: the follower seeks. */
export const SEEK_GAP_SECONDS = 0.5;

/** Gaps are closed in about this long (the nudge is gap / this), within MAX_RATE_NUDGE. */
const CATCH_UP_SECONDS = 0.1;
/** The largest change of the follower's rate: 20 % for a moment is not heard as a pitch change. */
const MAX_RATE_NUDGE = 0.5;
/** Gaps under this are left alone, so the rate is not touched every frame. */
const DEADBAND_SECONDS = 0.004;

/** Where the follower must seek to (the leader's time), or null while the gap is small enough. */
export function followerSeek(
  leaderSeconds: number,
  followerSeconds: number,
  maxDrift = MAX_DRIFT_SECONDS,
): number | null {
  return Math.abs(leaderSeconds - followerSeconds) > maxDrift ? leaderSeconds : null;
}

/** The follower's playback rate that closes `gapSeconds` (leader − follower) at `leaderRate`. */
export function followerRate(gapSeconds: number, leaderRate = 1): number {
  if (Math.abs(gapSeconds) < DEADBAND_SECONDS) return leaderRate;
  const nudge = Math.max(-MAX_RATE_NUDGE, Math.min(MAX_RATE_NUDGE, gapSeconds / CATCH_UP_SECONDS));
  // Whole hundredths: the same rate is not set again and again for a gap that barely moved.
  return Math.round(leaderRate * (1 + nudge) * 100) / 100;
}

/** What the follow rule reads and sets on a player (an HTMLVideoElement fits). */
export interface PlayerClock {
  currentTime: number;
  playbackRate: number;
}

/** One step of the follow rule, run every animation frame while both play. */
export function followLeader(leader: PlayerClock, follower: PlayerClock): void {
  const gap = leader.currentTime - follower.currentTime;
  if (Math.abs(gap) > SEEK_GAP_SECONDS) {
    follower.currentTime = leader.currentTime;
    follower.playbackRate = leader.playbackRate;
    return;
  }
  const rate = followerRate(gap, leader.playbackRate);
  if (follower.playbackRate !== rate) follower.playbackRate = rate;
}
