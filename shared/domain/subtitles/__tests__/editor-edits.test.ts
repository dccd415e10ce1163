import { describe, expect, it } from 'vitest';
import { deleteCue, insertCueAfter, placeCueEdge, setCueText, setCueTiming } from '../edits';
import { applyReplacements, previewReplacements } from '../find-replace';
import { glossaryViolations } from '../glossary';
import { subtitlesPartSchema } from '../../project/subtitles-part';
import { cues } from './helpers';

const script = cues([0, 1000, 'Hello there'], [2000, 3000, 'General Kenobi'], [5000, 6000, 'Bye']);

describe('editor edits', () => {
  it('sets text and timing by id, returning the same array when nothing changes', () => {
    expect(setCueText(script, 'c2', 'General Kenobi')).toBe(script);
    expect(setCueText(script, 'c2', 'Hi')[1]).toEqual({ ...script[1], text: 'Hi' });
    expect(setCueTiming(script, 'c1', { endMs: 1200.4 })[0]!.endMs).toBe(1200);
    expect(setCueTiming(script, 'c1', { startMs: -50 })[0]!.startMs).toBe(0);
  });

  it('inserts an empty cue with a fresh id in the gap and deletes by id', () => {
    const { cues: next, id } = insertCueAfter(script, 'c2', new Set(['c1', 'c2', 'c3']))!;
    expect(id).toBe('c2.1');
    expect(next[2]).toEqual({ id, startMs: 3083, endMs: 4917, text: '' });
    expect(deleteCue(next, id)).toEqual(script);
    expect(deleteCue(script, 'nope')).toBe(script);
  });

  it('fits a new cue into a short gap, and makes none where it would overlap the next', () => {
    const tight = cues([0, 1000, 'A'], [1500, 2000, 'B'], [2200, 3000, 'C']);
    const taken = new Set(['c1', 'c2', 'c3']);
    expect(insertCueAfter(tight, 'c1', taken)!.cues[1]).toMatchObject({
      startMs: 1083,
      endMs: 1417,
    });
    expect(insertCueAfter(tight, 'c2', taken)).toBeNull();
    expect(insertCueAfter(tight, 'c3', taken)!.cues[3]).toMatchObject({
      startMs: 3083,
      endMs: 5083,
    });
  });

  it('snaps a dragged edge to a shot change and holds the gap to the neighbour', () => {
    const options = { snapTargets: [3480], toleranceMs: 100, minGapMs: 83 };
    expect(placeCueEdge(script, 'c2', 'end', 3420, options)).toEqual({
      ms: 3480,
      snappedToMs: 3480,
    });
    expect(placeCueEdge(script, 'c2', 'end', 3300, options)).toEqual({ ms: 3300 });
    expect(placeCueEdge(script, 'c2', 'end', 5500, options)).toEqual({ ms: 4917 });
    expect(placeCueEdge(script, 'c2', 'start', 900, options)).toEqual({ ms: 1083 });
  });
});

describe('find and replace', () => {
  const languages = { en: script, es: cues([0, 1000, 'Hola hola'], [2000, 3000, 'General']) };

  it('previews every change across languages, plain text escaped', () => {
    const changes = previewReplacements(languages, {
      find: 'hol',
      replace: 'x.',
      regex: false,
      matchCase: false,
    });
    expect(changes).toEqual([
      { language: 'es', cueId: 'c1', before: 'Hola hola', after: 'x.a x.a', matches: 2 },
    ]);
  });

  it('uses regex groups, refuses empty-matching and invalid patterns', () => {
    const query = { find: '(\\w+) (\\w+)', replace: '$2 $1', regex: true, matchCase: true };
    const changes = previewReplacements(languages, query);
    if ('error' in changes) throw new Error(changes.error);
    expect(changes.map((c) => c.after)).toEqual(['there Hello', 'Kenobi General', 'hola Hola']);
    expect(applyReplacements(languages, changes).es![0]!.text).toBe('hola Hola');
    expect(previewReplacements(languages, { ...query, find: 'a*' })).toHaveProperty('error');
    expect(previewReplacements(languages, { ...query, find: '(' })).toHaveProperty('error');
  });
});

describe('glossary', () => {
  it('flags a translation missing the required term and a translated brand name', () => {
    const languages = {
      en: cues([0, 1000, 'Open Soundstage settings']),
      es: cues([0, 1000, 'Abre los ajustes de Escenario']),
    };
    const violations = glossaryViolations(languages, 'en', {
      terms: [{ source: 'settings', targets: { es: 'configuración' } }],
      doNotTranslate: ['Soundstage'],
    });
    expect(violations.map((v) => [v.language, v.kind, v.expected])).toEqual([
      ['es', 'do-not-translate', 'Soundstage'],
      ['es', 'term', 'configuración'],
    ]);
  });
});

describe('subtitles part schema', () => {
  it('reads an old untyped part and an empty one with defaults', () => {
    const part = subtitlesPartSchema.parse({ legacy: true });
    expect(part).toMatchObject({ languages: {}, shown: [], profile: 'streaming' });
  });
});
