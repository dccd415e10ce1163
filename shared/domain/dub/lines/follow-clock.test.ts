import { describe, expect, it } from 'vitest';
import {
  followerRate,
  followerSeek,
  followLeader,
  MAX_DRIFT_SECONDS,
  SEEK_GAP_SECONDS,
} from './follow-clock';

describe('followerSeek', () => {
  it('leaves a drift under a frame alone and re-syncs past it', () => {
    expect(followerSeek(10, 10 + MAX_DRIFT_SECONDS / 2)).toBeNull();
    expect(followerSeek(10, 10.1)).toBe(10);
    expect(followerSeek(5, 4.9)).toBe(5);
  });
});

describe('followLeader', () => {
  it('speeds a follower that lags and slows one that runs ahead, in proportion', () => {
    expect(followerRate(0.002)).toBe(1);
    expect(followerRate(0.01)).toBeGreaterThan(1);
    expect(followerRate(0.03)).toBeGreaterThan(followerRate(0.01));
    expect(followerRate(-0.03)).toBeLessThan(1);
    expect(followerRate(0.3)).toBe(1.5);
    expect(followerRate(0.01, 2)).toBeCloseTo(2 * followerRate(0.01), 1);
  });

  it('closes a small gap by rate, never by seeking, and a large one by seeking', () => {
    const leader = { currentTime: 10, playbackRate: 1 };
    const behind = { currentTime: 9.97, playbackRate: 1 };
    followLeader(leader, behind);
    expect(behind).toEqual({ currentTime: 9.97, playbackRate: expect.any(Number) as number });
    expect(behind.playbackRate).toBeGreaterThan(1);
    const lost = { currentTime: 10 - SEEK_GAP_SECONDS - 0.1, playbackRate: 1.3 };
    followLeader(leader, lost);
    expect(lost).toEqual({ currentTime: 10, playbackRate: 1 });
  });

  it('simulated: a follower that starts 50 ms late is within a frame in a third of a second', () => {
    const leader = { currentTime: 0.05, playbackRate: 1 };
    const follower = { currentTime: 0, playbackRate: 1 };
    const frame = 1 / 60;
    let framesOver = 0;
    for (let i = 0; i < 60; i += 1) {
      followLeader(leader, follower);
      leader.currentTime += frame;
      follower.currentTime += frame * follower.playbackRate;
      if (i >= 20 && Math.abs(leader.currentTime - follower.currentTime) > MAX_DRIFT_SECONDS)
        framesOver += 1;
    }
    expect(framesOver).toBe(0);
    expect(Math.abs(leader.currentTime - follower.currentTime)).toBeLessThan(0.005);
  });
});
