import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, record, redo, undo, undoDepth } from './history';

/** Mulberry32, seeded so a failing walk can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The obvious model of undo: a list of states and a cursor, trimmed to the limit. Every record
 * here is a distinct value with no coalescing, so History must behave exactly like it.
 */
describe('history against a list-and-cursor model', () => {
  it.each([7, 99, 2026])('seed %i: 5000 random records, undos and redos', (seed) => {
    const next = random(seed);
    const limit = 100;
    let history = createHistory(0, { limit });
    let states = [0];
    let cursor = 0;
    let value = 0;
    for (let step = 0; step < 5000; step += 1) {
      const roll = next();
      if (roll < 0.5) {
        value += 1;
        history = record(history, value, { label: `v${value}`, at: step * 10_000 });
        states = [...states.slice(0, cursor + 1), value];
        if (states.length > limit + 1) states = states.slice(states.length - limit - 1);
        cursor = states.length - 1;
      } else if (roll < 0.8) {
        history = undo(history);
        cursor = Math.max(0, cursor - 1);
      } else {
        history = redo(history);
        cursor = Math.min(states.length - 1, cursor + 1);
      }
      const model = [states[cursor], cursor, cursor > 0, cursor < states.length - 1];
      const actual = [history.present, undoDepth(history), canUndo(history), canRedo(history)];
      if (JSON.stringify(actual) !== JSON.stringify(model)) {
        expect({ seed, step, actual }).toEqual({ seed, step, actual: model });
      }
    }
    expect(value).toBeGreaterThan(2000);
  });
});
