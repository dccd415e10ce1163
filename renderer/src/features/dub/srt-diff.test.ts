import { describe, expect, it } from 'vitest';
import { diffCues, flaggedCues, timecode } from './srt-diff';

const cue = (startMs: number, endMs: number, text: string) => ({ startMs, endMs, text });

describe('diff of the approved script against the re-timed export', () => {
  it('marks moved timings, changed text, missing cues and flagged cues', () => {
    const lines = diffCues(
      [cue(0, 1000, 'Hola'), cue(1000, 2000, 'Adiós'), cue(2000, 3000, 'Fin')],
      [cue(5, 1010, 'Hola'), cue(1300, 2400, 'Adiós'), cue(2000, 3000, 'Fin.')],
      new Set([2]),
    );
    expect(lines.map((l) => [l.timingChanged, l.textChanged, l.flagged])).toEqual([
      [false, false, false],
      [true, false, true],
      [false, true, false],
    ]);
    const extra = diffCues([cue(0, 1, 'a')], [], new Set());
    expect(extra[0]).toMatchObject({ exported: null, timingChanged: true });
  });

  it('reads flagged cue numbers from the shapes alignment_loss comes in', () => {
    expect([...flaggedCues([3, 1])].sort()).toEqual([1, 3]);
    expect([...flaggedCues([{ cue: 4 }, { index: '5' }])].sort()).toEqual([4, 5]);
    expect([...flaggedCues({ cues: [7] }, { 9: 'shifted' })].sort()).toEqual([7, 9]);
    expect(flaggedCues(null, 0.3, 'high').size).toBe(0);
  });

  it('writes timecodes with milliseconds', () => {
    expect(timecode(61_005)).toBe('01:01.005');
    expect(timecode(3_723_400)).toBe('1:02:03.400');
  });
});
