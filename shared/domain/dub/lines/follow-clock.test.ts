import { describe, expect, it } from 'vitest';
import { followerSeek, MAX_DRIFT_SECONDS } from './follow-clock';

describe('followerSeek', () => {
  it('leaves a drift under a frame alone and re-syncs past it', () => {
    expect(followerSeek(10, 10 + MAX_DRIFT_SECONDS / 2)).toBeNull();
    expect(followerSeek(10, 10.1)).toBe(10);
    expect(followerSeek(5, 4.9)).toBe(5);
  });
});
