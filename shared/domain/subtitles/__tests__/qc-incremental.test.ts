import { describe, expect, it } from 'vitest';
import type { Cue } from '../cue';
import { setCueText, setCueTiming } from '../edits';
import { profileById } from '../profiles';
import { sortByStart } from '../cue';
import type { QcIssue } from '../issue';
import { runQc } from '../qc';
import { CUE_RULES, startQc, updateQc, type QcState } from '../qc-incremental';
import { QC_RULES } from '../rules';

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

type Options = Parameters<typeof runQc>[1];

/** Every view of the state equals a full run: the flat list, each rule's list, each cue's. */
function expectSameAsFull(state: QcState, cues: readonly Cue[], options: Options) {
  const full = runQc(cues, options);
  expect(state.issues).toEqual(full);
  QC_RULES.forEach((rule, i) =>
    expect(state.byRule[i]).toEqual(full.filter((issue) => issue.rule === rule.id)),
  );
  const byCue = new Map<string, QcIssue[]>();
  for (const issue of full) byCue.set(issue.cueId, [...(byCue.get(issue.cueId) ?? []), issue]);
  for (const cue of cues) expect(state.byCue.get(cue.id) ?? []).toEqual(byCue.get(cue.id) ?? []);
}

let made = 0;
/** One random edit of the kinds the editor makes (text, time, shift, split, merge, ...). */
function randomEdit(cues: readonly Cue[], next: () => number): readonly Cue[] {
  if (cues.length === 0) return [{ id: `n${(made += 1)}`, startMs: 0, endMs: 1500, text: 'Hi.' }];
  const at = Math.floor(next() * cues.length);
  const target = cues[at]!;
  const roll = next();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  if (roll < 0.35) return setCueText(cues, target.id, pick(TEXTS));
  if (roll < 0.5)
    return setCueTiming(cues, target.id, {
      startMs: target.startMs + Math.round((next() - 0.5) * 4000),
    });
  if (roll < 0.55)
    // A raw time below zero (a hand edit), not clamped like setCueTiming does.
    return cues.map((cue, i) => (i === at ? { ...cue, startMs: -Math.round(next() * 500) } : cue));
  if (roll < 0.63) {
    // Shift of every cue (by id, as the shift form does), sometimes past zero.
    const delta = Math.round((next() - 0.3) * 3000);
    return cues.map((cue) => ({ ...cue, startMs: cue.startMs + delta, endMs: cue.endMs + delta }));
  }
  if (roll < 0.7) {
    // Shift of a selection: some cues moved, the rest the same objects.
    const delta = Math.round((next() - 0.5) * 2000);
    return cues.map((cue) =>
      next() < 0.3 ? { ...cue, startMs: cue.startMs + delta, endMs: cue.endMs + delta } : cue,
    );
  }
  if (roll < 0.78) {
    // Split: the cue keeps its id and first half, a new id takes the second half.
    const middle = Math.round((target.startMs + target.endMs) / 2);
    const first = { ...target, endMs: middle, text: target.text.slice(0, 4) };
    const second = { id: `n${(made += 1)}`, startMs: middle, endMs: target.endMs, text: 'Then.' };
    return [...cues.slice(0, at), first, second, ...cues.slice(at + 1)];
  }
  if (roll < 0.84 && at + 1 < cues.length) {
    // Merge with the next cue.
    const following = cues[at + 1]!;
    const merged = { ...target, endMs: following.endMs, text: `${target.text}\n${following.text}` };
    return [...cues.slice(0, at), merged, ...cues.slice(at + 2)];
  }
  if (roll < 0.9) return cues.filter((cue) => cue.id !== target.id);
  if (roll < 0.95) return sortByStart(cues);
  // Several cues typed over at once (a replace-all).
  return cues.map((cue) => (next() < 0.2 ? { ...cue, text: pick(TEXTS) } : cue));
}

describe('incremental QC', () => {
  it('matches a full run after every edit of a random walk', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const options: Options = {
        language: seed % 2 ? 'es' : 'en',
        profile: profileById(seed % 3 ? 'streaming' : 'shorts'),
        ...(seed === 4 ? { skip: ['cps', 'overlap'] as const } : {}),
      };
      let cues: readonly Cue[] = script(40, next);
      let state = startQc(cues, options);
      expectSameAsFull(state, cues, options);
      for (let step = 0; step < 200; step += 1) {
        cues = randomEdit(cues, next);
        state = updateQc(state, cues);
        expectSameAsFull(state, cues, options);
      }
    }
  });

  it('matches a full run when ids repeat (a hand-made file)', () => {
    const next = random(11);
    const options: Options = { language: 'en' };
    let cues: readonly Cue[] = script(12, next).map((cue, i) =>
      i === 5 ? { ...cue, id: 'c2' } : cue,
    );
    let state = startQc(cues, options);
    expect(state.issues).toEqual(runQc(cues, options));
    for (let step = 0; step < 60; step += 1) {
      cues = randomEdit(cues, next);
      state = updateQc(state, cues);
      expect(state.issues).toEqual(runQc(cues, options));
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
    // The sequence rules' lists are the same arrays: a text edit does not move anything.
    QC_RULES.forEach((rule, i) => {
      if (!CUE_RULES.has(rule.id)) expect(next.byRule[i]).toBe(state.byRule[i]);
    });
    expect(updateQc(next, edited)).toBe(next);
  });

  it('keeps every issue object through a shift of all cues and a split', () => {
    const options = { language: 'en', profile: profileById('streaming') };
    const cues = script(30, random(9));
    const state = startQc(cues, options);
    const shifted = cues.map((cue) => ({
      ...cue,
      startMs: cue.startMs + 700,
      endMs: cue.endMs + 700,
    }));
    const moved = updateQc(state, shifted);
    QC_RULES.forEach((rule, i) => {
      if (CUE_RULES.has(rule.id)) expect(moved.byRule[i]).toBe(state.byRule[i]);
    });
    // A split keeps the untouched cues' issues (only the two halves are measured).
    const at = 10;
    const target = shifted[at]!;
    const middle = Math.round((target.startMs + target.endMs) / 2);
    const split = [
      ...shifted.slice(0, at),
      { ...target, endMs: middle },
      { id: 'n1', startMs: middle, endMs: target.endMs, text: 'Then.' },
      ...shifted.slice(at + 1),
    ];
    const after = updateQc(moved, split);
    for (const cue of shifted)
      if (cue.id !== target.id) expect(after.byCue.get(cue.id)).toBe(moved.byCue.get(cue.id));
    expectSameAsFull(after, split, options);
  });
});
