import { describe, expect, it } from 'vitest';
import { createUndoableStore, undoSummary } from './undoable-store';

function setup() {
  let clock = 0;
  const store = createUndoableStore({ edge: 1000, prompt: '' }, { now: () => clock });
  return { store, tick: (ms: number) => (clock += ms), get: () => store.getState() };
}

describe('undoable document store', () => {
  it('makes a drag one step: previews, then commit on pointer-up', () => {
    const { get } = setup();
    for (const edge of [1010, 1100, 1300, 1450]) get().preview({ ...get().history.present, edge });
    expect(undoSummary(get()).undoDepth).toBe(0);
    get().commitPreview('Move edge');
    expect(undoSummary(get())).toEqual({ undoDepth: 1, canUndo: true, canRedo: false });
    get().undo();
    expect(get().history.present.edge).toBe(1000);
    get().redo();
    expect(get().history.present.edge).toBe(1450);
  });

  it('cancels a drag back to where it began, and undo mid-drag drops the drag first', () => {
    const { get } = setup();
    get().record({ edge: 1200, prompt: '' }, { label: 'Move edge' });
    get().preview({ edge: 3000, prompt: '' });
    get().cancelPreview();
    expect(get().history.present.edge).toBe(1200);
    get().preview({ edge: 3000, prompt: '' });
    get().undo();
    expect([get().history.present.edge, get().gestureStart]).toEqual([1000, null]);
  });

  it('coalesces typing by key within a second, on the store’s clock', () => {
    const { get, tick } = setup();
    for (const prompt of ['r', 'ra', 'rai', 'rain']) {
      get().record({ edge: 1000, prompt }, { label: 'Edit prompt', coalesceKey: 'prompt:a' });
      tick(300);
    }
    tick(2000);
    get().record(
      { edge: 1000, prompt: 'rain!' },
      { label: 'Edit prompt', coalesceKey: 'prompt:a' },
    );
    expect(undoSummary(get()).undoDepth).toBe(2);
    get().undo();
    expect(get().history.present.prompt).toBe('rain');
  });

  it('starts over on reset', () => {
    const { get } = setup();
    get().record({ edge: 5, prompt: '' }, { label: 'x' });
    get().reset({ edge: 7, prompt: 'opened' });
    expect([get().history.present.edge, undoSummary(get()).undoDepth]).toEqual([7, 0]);
  });
});
