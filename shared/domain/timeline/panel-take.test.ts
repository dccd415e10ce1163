import { describe, expect, it } from 'vitest';
import { laneForTask, placePanelTake } from './panel-take';

const segments = [
  { id: 'a', startMs: 0, endMs: 4000, prompt: '' },
  { id: 'b', startMs: 4000, endMs: 10_000, prompt: '' },
];
const base = { durationMs: 10_000, playheadMs: 2500, segments, selectedSegmentId: null };

describe('placing a take from the prompt panels', () => {
  it('puts effects on the SFX lane and music or combined sound on the music lane', () => {
    expect(laneForTask('text_to_sfx')).toBe('sfx');
    expect(laneForTask('video_to_sfx')).toBe('sfx');
    expect(laneForTask('text_to_music')).toBe('music');
    expect(laneForTask('video_to_sound')).toBe('music');
  });

  it('starts at the selected segment of its lane, else at the playhead', () => {
    expect(placePanelTake({ ...base, fileDurationMs: 3000 })).toEqual({ offsetMs: 2500 });
    expect(placePanelTake({ ...base, fileDurationMs: 3000, selectedSegmentId: 'b' })).toEqual({
      offsetMs: 4000,
    });
    // A selected segment of another lane (not in these segments) does not count.
    expect(placePanelTake({ ...base, fileDurationMs: 3000, selectedSegmentId: 'x' })).toEqual({
      offsetMs: 2500,
    });
  });

  it('trims a take that would run past the end of the video', () => {
    expect(placePanelTake({ ...base, fileDurationMs: 9000, selectedSegmentId: 'b' })).toEqual({
      offsetMs: 4000,
      lengthMs: 6000,
    });
  });
});
