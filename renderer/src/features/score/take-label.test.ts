import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { succeededJob } from '../../../../shared/domain/jobs/test-helpers';
import { takeLabel, takeLetter } from './take-label';

const job = (patch: Partial<Job>): Job =>
  succeededJob(
    {
      type: 'video_to_sound',
      delivery: 'async',
      fields: { music_prompt: 'slow pads' },
      files: {},
      label: 'Score music + SFX: clip60-copy.mp4',
    },
    patch,
  );

describe('takeLabel', () => {
  it('does not repeat "music + SFX" when the title is the request label', () => {
    expect(takeLabel(job({}), 'both')).toBe('Score music + SFX: clip60-copy.mp4');
  });
  it('says a combined take is music + SFX when its title does not', () => {
    expect(takeLabel(job({ title: 'Slow Horizons' }), 'both')).toBe('Music + SFX: Slow Horizons');
  });
  it('uses the title alone for music and SFX takes', () => {
    expect(takeLabel(job({ title: 'Slow Horizons' }), 'music')).toBe('Slow Horizons');
  });
});

describe('takeLetter', () => {
  it('names takes A, B, … in lane order', () => {
    expect([0, 1, 25, 26].map(takeLetter)).toEqual(['A', 'B', 'Z', 'A']);
  });
});
