import { describe, expect, it } from 'vitest';
import type { Cue } from '../cue';
import { setCueText, setCueTiming } from '../edits';
import { profileById } from '../profiles';
import { runQc } from '../qc';
import { startQc, updateQc } from '../qc-incremental';

/** A small seeded generator, so a failing walk can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const TEXTS = [
  '',
  'Hi.',
  'A line that is far too long to read comfortably in the time this cue is on screen.',
  'Two lines\nof text',
  'One\nTwo\nThree lines',
  '<i>Short</i>',
];

function script(n: number, next: () => number): Cue[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i + 1}`,
    startMs: i * 2000,
    endMs: i * 2000 + 500 + Math.floor(next() * 3000),
    text: TEXTS[i % TEXTS.length]!,
  }));
}

describe('incremental QC', () => {
  it('matches a full run after every edit of a random walk', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const options = { language: 'es', profile: profileById('streaming') };
      let cues: readonly Cue[] = script(40, next);
      let state = startQc(cues, options);
      expect(state.issues).toEqual(runQc(cues, options));
      for (let step = 0; step < 300; step += 1) {
        const target = cues[Math.floor(next() * cues.length)]!;
        const roll = next();
        if (roll < 0.6)
          cues = setCueText(cues, target.id, TEXTS[Math.floor(next() * TEXTS.length)]!);
        else if (roll < 0.9)
          cues = setCueTiming(cues, target.id, {
            startMs: target.startMs + Math.round((next() - 0.5) * 4000),
          });
        else cues = cues.filter((cue) => cue.id !== target.id);
        state = updateQc(state, cues);
        const full = runQc(cues, options);
        expect(state.issues).toEqual(full);
        for (const cue of cues)
          expect(state.byCue.get(cue.id) ?? []).toEqual(full.filter((i) => i.cueId === cue.id));
      }
    }
  });

  it('re-checks only the edited cue and keeps the other cues’ issue arrays', () => {
    const options = { language: 'en', profile: profileById('streaming') };
    const cues = script(10, random(7));
    const state = startQc(cues, options);
    const edited = setCueText(cues, 'c3', TEXTS[2]!);
    const next = updateQc(state, edited);
    for (const id of ['c1', 'c2', 'c4', 'c9'])
      if (state.byCue.get(id)) expect(next.byCue.get(id)).toBe(state.byCue.get(id));
    expect(next.byCue.get('c3')?.some((issue) => issue.rule === 'cps')).toBe(true);
    expect(next.sequenceIssues).toBe(state.sequenceIssues);
    expect(updateQc(next, edited)).toBe(next);
  });
});
