import { describe, expect, it } from 'vitest';
import { addShot, mergeShots, nearestShot, NO_SHOT_EDITS, removeShot } from './shot-edits';

const detected = [1000, 4000, 9000];

describe('shot changes edited by hand', () => {
  it('shows the detected cuts when nothing was edited', () => {
    expect(mergeShots([9000, 1000, 4000, 4000], undefined)).toEqual(detected);
    expect(mergeShots(detected, NO_SHOT_EDITS)).toEqual(detected);
  });

  it('adds a cut at the playhead, in time order, and a second add there changes nothing', () => {
    const edits = addShot(NO_SHOT_EDITS, detected, 2500.4);
    expect(edits).toEqual({ addedMs: [2500], removedMs: [] });
    expect(mergeShots(detected, edits)).toEqual([1000, 2500, 4000, 9000]);
    expect(addShot(edits, detected, 2505)).toBe(edits);
    expect(addShot(edits, detected, 4010)).toBe(edits);
  });

  it('removes a detected cut by remembering it, and an added one by forgetting it', () => {
    const added = addShot(NO_SHOT_EDITS, detected, 2500);
    const removedDetected = removeShot(added, detected, 4000);
    expect(removedDetected).toEqual({ addedMs: [2500], removedMs: [4000] });
    expect(mergeShots(detected, removedDetected)).toEqual([1000, 2500, 9000]);
    const removedAdded = removeShot(removedDetected, detected, 2500);
    expect(removedAdded).toEqual({ addedMs: [], removedMs: [4000] });
    expect(mergeShots(detected, removedAdded)).toEqual([1000, 9000]);
  });

  it('removing where there is no cut changes nothing', () => {
    expect(removeShot(NO_SHOT_EDITS, detected, 6000)).toBe(NO_SHOT_EDITS);
    const removed = removeShot(NO_SHOT_EDITS, detected, 1000);
    expect(removeShot(removed, detected, 1000)).toBe(removed);
  });

  it('adding a cut where a removed detected one was brings that one back', () => {
    const removed = removeShot(NO_SHOT_EDITS, detected, 4000);
    const back = addShot(removed, detected, 4004);
    expect(back).toEqual(NO_SHOT_EDITS);
    expect(mergeShots(detected, back)).toEqual(detected);
  });

  it('keeps the user’s choices when a new scan finds other cuts', () => {
    let edits = addShot(NO_SHOT_EDITS, detected, 2500);
    edits = removeShot(edits, detected, 9000);
    // A more sensitive scan finds more cuts, among them the one the user added by hand.
    const rescan = [1000, 2500, 4000, 6500, 9000];
    expect(mergeShots(rescan, edits)).toEqual([1000, 2500, 4000, 6500]);
    // A stricter scan finds fewer: the added cut stays, the removed one stays away.
    expect(mergeShots([4000, 9000], edits)).toEqual([2500, 4000]);
  });

  it('finds the cut nearest to the playhead', () => {
    expect(nearestShot([], 100)).toBeUndefined();
    expect(nearestShot(detected, 3000)).toBe(4000);
    expect(nearestShot(detected, 2500)).toBe(1000);
    expect(nearestShot(detected, 20_000)).toBe(9000);
  });
});
