import { describe, expect, it } from 'vitest';
import { withSpokenLines } from './spoken-lines';

const cues = [
  { id: 'c1', startMs: 0, endMs: 2000, text: 'Hola a todos.' },
  { id: 'c2', startMs: 2000, endMs: 4000, text: 'Hace calor.' },
];

describe('the lines a dub speaks after line edits', () => {
  it('takes the last spliced edit of each line and ignores pending and failed ones', () => {
    const spoken = withSpokenLines(cues, [
      { cueId: 'c2', text: 'Hace frío.', state: 'spliced' },
      { cueId: 'c2', text: 'Hace mucho frío.', state: 'spliced' },
      { cueId: 'c1', text: 'Buenas noches.', state: 'pending' },
      { cueId: 'c1', text: 'Adiós.', state: 'failed' },
    ]);
    expect(spoken).toEqual([cues[0], { ...cues[1], text: 'Hace mucho frío.' }]);
  });
});
