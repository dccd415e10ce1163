import { describe, expect, it } from 'vitest';
import type { Cue } from '../cue';
import { applyFix, closeSmallGaps, fixAll } from '../fixes';
import type { FixId } from '../issue';
import { qcContext, runQc } from '../qc';
import { cues } from './helpers';

const es = qcContext({ language: 'es' });

describe('fixes, one at a time', () => {
  it('rebalance-lines lays long text on two balanced lines and keeps tags', () => {
    const list = cues([
      0,
      6000,
      '<i>Hola y bienvenidos a nuestro vídeo sobre el tiempo en las montañas</i>',
    ]);
    const [fixed] = applyFix('rebalance-lines', list, 'c1', es);
    const lines = fixed!.text.split('\n');
    expect(lines).toHaveLength(2);
    expect(fixed!.text.startsWith('<i>') && fixed!.text.endsWith('</i>')).toBe(true);
    expect(runQc([fixed!], { language: 'es' })).toEqual([]);
  });

  it('rebalance-lines breaks Chinese between characters', () => {
    const zh = qcContext({ language: 'zh_cn' });
    const [fixed] = applyFix(
      'rebalance-lines',
      cues([0, 5000, '感谢您的观看我们下次在我们的频道再见']),
      'c1',
      zh,
    );
    expect(fixed!.text).toBe('感谢您的观看我们下\n次在我们的频道再见');
  });

  it('extend-into-gap lengthens to what the text needs, stopping 2 frames before the next cue', () => {
    const list = cues([0, 500, 'Hola y bienvenidos a todos.'], [1000, 3000, 'Sí.']);
    // 27 characters at 17 CPS need 1589 ms, but the next cue starts at 1000.
    expect(applyFix('extend-into-gap', list, 'c1', es)[0]!.endMs).toBe(917);
    const alone = cues([0, 500, 'Hola y bienvenidos a todos.']);
    expect(applyFix('extend-into-gap', alone, 'c1', es)[0]!.endMs).toBe(1589);
  });

  it('trim-to-max ends the cue at 7 s', () => {
    expect(applyFix('trim-to-max', cues([1000, 12000, 'x']), 'c1', es)[0]!.endMs).toBe(8000);
  });

  it('close-gap opens a too-small gap and closes a small one to exactly 83 ms', () => {
    const list = cues([0, 1980, 'a'], [2000, 3000, 'b'], [3100, 4000, 'c'], [5000, 6000, 'd']);
    expect(applyFix('close-gap', list, 'c1', es)[0]!.endMs).toBe(1917);
    expect(applyFix('close-gap', list, 'c2', es)[1]!.endMs).toBe(3017);
    expect(applyFix('close-gap', list, 'c3', es)).toBe(list); // 1000 ms: not small
    const all = closeSmallGaps(list, es);
    expect(all.map((c) => c.endMs)).toEqual([1917, 3017, 4000, 6000]);
  });

  it('shift-overlap moves the cue after the previous one and pushes followers it runs into', () => {
    const list = cues([0, 2000, 'a'], [1500, 2500, 'b'], [2600, 3000, 'c'], [9000, 9500, 'd']);
    const fixed = applyFix('shift-overlap', list, 'c2', es);
    expect(fixed.map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 2000],
      [2083, 3083],
      [3166, 3566],
      [9000, 9500],
    ]);
  });

  it('trim-overlap ends the previous cue where this one starts', () => {
    const list = cues([0, 2000, 'a'], [1500, 2500, 'b']);
    expect(applyFix('trim-overlap', list, 'c2', es).map((c) => c.endMs)).toEqual([1500, 2500]);
    expect(applyFix('trim-overlap', list, 'c1', es)).toBe(list);
  });

  it('repair-timing clamps negative starts and gives reversed cues a duration before the next', () => {
    const list = cues([-300, 900, 'a'], [3000, 2000, 'Hola y bienvenidos.'], [3800, 5000, 'c']);
    const fixed = applyFix('repair-timing', applyFix('repair-timing', list, 'c1', es), 'c2', es);
    expect(fixed.map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 900],
      [3000, 3717],
      [3800, 5000],
    ]);
  });

  it('sort-by-start and remove-empty', () => {
    const list = cues([5000, 6000, 'a'], [1000, 2000, ' '], [3000, 4000, 'c']);
    expect(applyFix('sort-by-start', list, 'c2', es).map((c) => c.id)).toEqual(['c2', 'c3', 'c1']);
    expect(applyFix('remove-empty', list, 'c2', es).map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(applyFix('remove-empty', list, 'c1', es)).toBe(list);
  });
});

describe('fixAll', () => {
  it('leaves only issues no mechanical fix can resolve, and keeps ids', () => {
    const list = cues(
      [9000, 16000 + 500, 'Una frase que dura demasiado en pantalla.'],
      [1000, 1400, 'Hola y bienvenidos a nuestro vídeo sobre el tiempo en las montañas.'],
      [1200, 3000, 'Se solapa.'],
      [4000, 3000, 'Al revés.'],
      [5000, 6000, '   '],
    );
    const { cues: fixed, applied } = fixAll(list, { language: 'es' });
    expect(runQc(fixed, { language: 'es' }).filter((i) => i.severity === 'error')).toEqual([]);
    expect(applied.map((a) => a.fix)).toEqual(
      expect.arrayContaining([
        'sort-by-start',
        'repair-timing',
        'remove-empty',
        'shift-overlap',
        'rebalance-lines',
        'trim-to-max',
      ]),
    );
    expect(fixed.map((c) => c.id).sort()).toEqual(['c1', 'c2', 'c3', 'c4']);
  });
});

/** A small seeded PRNG so the property check is reproducible. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Sorted cues without overlaps, with tight gaps, short and long cues, and some bad timings. */
function randomScript(rand: () => number): Cue[] {
  const list: Cue[] = [];
  let t = Math.floor(rand() * 500);
  const count = 2 + Math.floor(rand() * 25);
  for (let i = 0; i < count; i += 1) {
    const length = Math.floor(rand() * 9000);
    const words = 1 + Math.floor(rand() * 20);
    const text = Array.from({ length: words }, () =>
      'palabra'.slice(0, 1 + Math.floor(rand() * 7)),
    ).join(' ');
    const reversed = rand() < 0.1;
    list.push({ id: `c${i + 1}`, startMs: t, endMs: reversed ? t - 100 : t + length, text });
    t += (reversed ? 0 : length) + Math.floor(rand() * 400);
  }
  return list;
}

const overlaps = (list: readonly Cue[]) =>
  runQc(list, { language: 'es' }).filter((i) => i.rule === 'overlap').length;

describe('property: fixes never create overlaps', () => {
  const FIX_IDS: FixId[] = [
    'rebalance-lines',
    'extend-into-gap',
    'trim-to-max',
    'close-gap',
    'shift-overlap',
    'trim-overlap',
    'repair-timing',
    'sort-by-start',
    'remove-empty',
  ];

  it('no single fix on any cue of 120 random scripts adds an overlap', () => {
    const rand = random(42);
    let checked = 0;
    for (let run = 0; run < 120; run += 1) {
      const list = randomScript(rand);
      const before = overlaps(list);
      for (const fix of FIX_IDS) {
        for (const cue of list) {
          const after = applyFix(fix, list, cue.id, es);
          expect(overlaps(after)).toBeLessThanOrEqual(before);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
  });

  it('fixAll leaves no overlap and no reversed timing, even from shuffled, overlapping input', () => {
    const rand = random(7);
    for (let run = 0; run < 200; run += 1) {
      const list = randomScript(rand).map((cue) =>
        rand() < 0.2 ? { ...cue, startMs: cue.startMs - Math.floor(rand() * 3000) } : cue,
      );
      list.sort(() => rand() - 0.5);
      const { cues: fixed } = fixAll(list, { language: 'es' });
      expect(overlaps(fixed)).toBe(0);
      expect(runQc(fixed, { language: 'es' }).filter((i) => i.rule === 'order')).toEqual([]);
      expect(fixed.filter((c) => c.startMs < 0)).toEqual([]);
    }
  });
});
