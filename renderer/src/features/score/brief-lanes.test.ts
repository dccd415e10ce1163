import { describe, expect, it } from 'vitest';
import { lanesFromBrief } from './brief-lanes';

const brief = {
  task_id: 't',
  status: 'succeeded',
  mode: 'both',
  segments: [
    { start: 0, end: 6, label: 'intro', prompt: 'soft pads' },
    { start: 6.004, end: 12, label: 'build', prompt: 'drums enter' },
  ],
  variations: [{ prompt: 'Take A: warm' }, { prompt: 'Take B: dark' }],
  sfx_segments: [
    { start: 0, end: 3, label: 'none', prompt: 'room tone' },
    { start: 3, end: 12, label: 'none', prompt: 'whoosh into the cut' },
  ],
  sfx_prompt: 'Sound design for 2 shots',
};

describe('lanesFromBrief', () => {
  it('puts music segments on the music lane and sfx_segments on the SFX lane, in ms', () => {
    let n = 0;
    const lanes = lanesFromBrief(brief, 0, () => `id${n++}`, 12_000);
    if ('error' in lanes) throw new Error(lanes.error);
    expect(lanes.music.map((s) => [s.startMs, s.endMs, s.prompt])).toEqual([
      [0, 6000, 'soft pads'],
      // Within the API's contiguity tolerance: joined exactly to the previous end.
      [6000, 12_000, 'drums enter'],
    ]);
    expect(lanes.sfx.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 3000],
      [3000, 12_000],
    ]);
    expect(new Set([...lanes.music, ...lanes.sfx].map((s) => s.id)).size).toBe(4);
    expect(lanes.sfxPrompt).toBe('Sound design for 2 shots');
  });

  it('uses the chosen variation as the music prompt, clamped to those offered', () => {
    const second = lanesFromBrief(brief, 1, () => crypto.randomUUID());
    const tooFar = lanesFromBrief(brief, 9, () => crypto.randomUUID());
    expect('musicPrompt' in second && second.musicPrompt).toBe('Take B: dark');
    expect('musicPrompt' in tooFar && tooFar.musicPrompt).toBe('Take B: dark');
  });

  it('says so when the result holds no plan', () => {
    expect(lanesFromBrief({ status: 'succeeded' }, 0, () => 'x')).toEqual({
      error: 'The analysis finished without a segment plan; try Analyse again.',
    });
  });
});
