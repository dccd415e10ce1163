import { describe, expect, it } from 'vitest';
import { addFoundShot, foundShotsKey, type FoundShots } from './found-shots';

describe('shot changes as they are found', () => {
  const key = foundShotsKey('/v/a.mp4', 0.3);
  const empty: FoundShots = { key, shotsMs: [] };

  it('collects pushes for its video and threshold in time order, once each', () => {
    let found = empty;
    for (const ms of [2000, 7500, 4000, 7500]) found = addFoundShot(found, key, ms);
    expect(found.shotsMs).toEqual([2000, 4000, 7500]);
  });

  it('ignores pushes for another video or another threshold', () => {
    expect(addFoundShot(empty, foundShotsKey('/v/b.mp4', 0.3), 2000)).toBe(empty);
    expect(addFoundShot(empty, foundShotsKey('/v/a.mp4', 0.12), 2000)).toBe(empty);
  });
});
