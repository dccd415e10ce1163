import { describe, expect, it } from 'vitest';
import { formatTimecode, segmentName } from './segment-name';
import { SNAP_PX, snapKind, snapTargets, snapToleranceMs } from './snapping';
import { msToPx } from './scale';

describe('snap distance', () => {
  it('is the same number of pixels at every zoom', () => {
    for (const zoom of [0.5, 4, 40, 1000]) {
      expect(msToPx(snapToleranceMs(zoom), zoom)).toBeCloseTo(SNAP_PX, 9);
    }
    expect(snapToleranceMs(40)).toBe(200);
    expect(snapToleranceMs(400)).toBe(20);
  });

  it('collects shots, playhead and the other lanes edges, sorted and without duplicates', () => {
    const targets = snapTargets({
      shotsMs: [4000, 1200],
      playheadMs: 4000,
      otherLaneEdgesMs: [9000, 2500],
    });
    expect(targets).toEqual([1200, 2500, 4000, 9000]);
  });
});

describe('snap kind', () => {
  it('names what an edge landed on, shot changes first', () => {
    const sources = { shotsMs: [4000, 9000], playheadMs: 9000 };
    expect(snapKind(4000, sources)).toBe('shot');
    expect(snapKind(9000, sources)).toBe('shot');
    expect(snapKind(7600, { ...sources, playheadMs: 7600 })).toBe('playhead');
    expect(snapKind(2500, sources)).toBe('edge');
  });
});

describe('segment names', () => {
  it('say lane, position, span and prompt', () => {
    expect(
      segmentName('Music', 1, { startMs: 4000, endMs: 9500, prompt: ' rising strings ' }),
    ).toBe('Music segment 2, 0:04.0 to 0:09.5: rising strings');
    expect(segmentName('SFX', 0, { startMs: 0, endMs: 61_250, prompt: '' })).toBe(
      'SFX segment 1, 0:00.0 to 1:01.2: No prompt yet',
    );
  });

  it('cut long prompts and read tenths', () => {
    const name = segmentName('Music', 0, { startMs: 0, endMs: 1000, prompt: 'x'.repeat(300) });
    expect(name.length).toBeLessThan(160);
    expect(name.endsWith('…')).toBe(true);
    expect(segmentName('Music', 0, { startMs: 0, endMs: 100, prompt: 'hum' }, 'Too short.')).toBe(
      'Music segment 1, 0:00.0 to 0:00.1: hum. Too short.',
    );
    expect(formatTimecode(3_725_960)).toBe('1:02:05.9');
    expect(formatTimecode(-4)).toBe('0:00.0');
  });
});
