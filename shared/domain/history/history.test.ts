import { describe, expect, it } from 'vitest';
import {
  COALESCE_WINDOW_MS,
  DEFAULT_HISTORY_LIMIT,
  canRedo,
  canUndo,
  createHistory,
  record,
  redo,
  redoLabel,
  replacePresent,
  undo,
  undoDepth,
  undoLabel,
  type History,
} from './history';

/** Records each value as its own step, five seconds apart (never coalesced). */
function recordAll(history: History<string>, values: string[], start = 0): History<string> {
  return values.reduce(
    (h, value, i) => record(h, value, { label: `set ${value}`, at: start + i * 5000 }),
    history,
  );
}

describe('history', () => {
  it('starts with nothing to undo or redo', () => {
    const h = createHistory('a');
    expect([canUndo(h), canRedo(h), undoDepth(h), undoLabel(h), redoLabel(h)]).toEqual([
      false,
      false,
      0,
      null,
      null,
    ]);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('undoes and redoes steps in order, with their labels', () => {
    let h = recordAll(createHistory('a'), ['b', 'c']);
    expect(undoLabel(h)).toBe('set c');
    h = undo(h);
    expect([h.present, undoLabel(h), redoLabel(h)]).toEqual(['b', 'set b', 'set c']);
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual(['a', false, true]);
    h = redo(redo(h));
    expect([h.present, undoDepth(h), canRedo(h), undoLabel(h)]).toEqual(['c', 2, false, 'set c']);
  });

  it('clears redo when a new edit is recorded after an undo', () => {
    let h = undo(recordAll(createHistory('a'), ['b', 'c']));
    h = record(h, 'x', { label: 'set x', at: 99_000 });
    expect([h.present, canRedo(h), undoDepth(h)]).toEqual(['x', false, 2]);
    expect(undo(h).present).toBe('b');
  });

  it('does not record the present value again', () => {
    const h = createHistory('a');
    expect(record(h, 'a', { label: 'noop', at: 0 })).toBe(h);
  });

  it('keeps 200 steps by default and never fewer than 100', () => {
    const values = Array.from({ length: 250 }, (_, i) => `v${i}`);
    let h = recordAll(createHistory('start'), values);
    expect(DEFAULT_HISTORY_LIMIT).toBe(200);
    expect(undoDepth(h)).toBe(200);
    for (let i = 0; i < 200; i += 1) h = undo(h);
    expect([h.present, canUndo(h)]).toEqual(['v49', false]);
    expect(createHistory('a', { limit: 5 }).limit).toBe(100);
    expect(undoDepth(recordAll(createHistory('s', { limit: 5 }), values))).toBe(100);
  });

  it('coalesces typing with one key within the window into one step', () => {
    let h = createHistory('');
    let at = 0;
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) {
      h = record(h, text, { label: 'Edit prompt', coalesceKey: 'prompt:s1', at });
      at += COALESCE_WINDOW_MS - 100; // each pause shorter than the window
    }
    expect([h.present, undoDepth(h)]).toEqual(['hello', 1]);
    expect(undo(h).present).toBe('');
  });

  it('starts a new step after a pause, another key, an undo or a key-less edit', () => {
    const type = (h: History<string>, text: string, at: number, key = 'prompt:s1') =>
      record(h, text, { label: 'Edit prompt', coalesceKey: key, at });
    let h = type(createHistory(''), 'a', 0);
    h = type(h, 'ab', COALESCE_WINDOW_MS + 1);
    expect(undoDepth(h)).toBe(2);
    h = type(h, 'abc', COALESCE_WINDOW_MS + 2, 'prompt:s2');
    expect(undoDepth(h)).toBe(3);
    h = record(h, 'split', { label: 'Split', at: COALESCE_WINDOW_MS + 3 });
    h = type(h, 'splitx', COALESCE_WINDOW_MS + 4, 'prompt:s2');
    expect(undoDepth(h)).toBe(5);
    h = undo(h);
    h = type(h, 'splity', COALESCE_WINDOW_MS + 5, 'prompt:s2');
    expect(undoDepth(h)).toBe(5);
    expect(undo(h).present).toBe('split');
  });

  it('records a drag as one step: previews replace the present, pointer-up records', () => {
    const start = createHistory({ edge: 1000 });
    let preview = start;
    for (const edge of [1010, 1050, 1200, 1400]) preview = replacePresent(preview, { edge });
    expect(undoDepth(preview)).toBe(0);
    const done = record(start, { edge: 1400 }, { label: 'Move edge', at: 0 });
    expect(undoDepth(done)).toBe(1);
    expect(undo(done).present).toEqual({ edge: 1000 });
    expect(undo(done).present).toBe(start.present);
  });
});
