import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  canRedo,
  canUndo,
  createHistory,
  record,
  redo,
  replacePresent,
  undo,
  undoDepth,
  type History,
} from '../../../../shared/domain/history';

export interface UndoableState<T> {
  history: History<T>;
  /** The history as it was when a gesture began previewing, or null when none is. */
  gestureStart: History<T> | null;
  /** One undoable step (typing with the same coalesceKey within a second is one step). */
  record(next: T, step: { label: string; coalesceKey?: string }): void;
  /** Shows `next` while a gesture (a drag) goes on, without a step. */
  preview(next: T): void;
  /** Ends the gesture: what it shows now becomes ONE step from where the gesture began. */
  commitPreview(label: string): void;
  /** Ends the gesture with no change (Esc during a drag). */
  cancelPreview(): void;
  undo(): void;
  redo(): void;
  /** Starts over at `value` with no steps (a project opened or restored). */
  reset(value: T): void;
}

export interface UndoableOptions {
  limit?: number;
  /** The clock coalescing reads; tests pass their own. */
  now?: () => number;
}

/**
 * An editor document with undo, as a zustand store: the screen renders `history.present` and
 * changes it only through record/preview, so every change is undoable and a drag is one step.
 */
export function createUndoableStore<T>(
  initial: T,
  { limit, now = Date.now }: UndoableOptions = {},
): StoreApi<UndoableState<T>> {
  return createStore<UndoableState<T>>()((set, get) => {
    /** A gesture left open (undo pressed mid-drag) is dropped before anything else happens. */
    const settled = (): History<T> => get().gestureStart ?? get().history;
    return {
      history: createHistory(initial, { limit }),
      gestureStart: null,
      record(next, step) {
        set({ history: record(settled(), next, { ...step, at: now() }), gestureStart: null });
      },
      preview(next) {
        const { history, gestureStart } = get();
        set({ history: replacePresent(history, next), gestureStart: gestureStart ?? history });
      },
      commitPreview(label) {
        const { history, gestureStart } = get();
        if (!gestureStart) return;
        set({
          history: record(gestureStart, history.present, { label, at: now() }),
          gestureStart: null,
        });
      },
      cancelPreview() {
        set({ history: settled(), gestureStart: null });
      },
      undo() {
        set({ history: undo(settled()), gestureStart: null });
      },
      redo() {
        set({ history: redo(settled()), gestureStart: null });
      },
      reset(value) {
        set({ history: createHistory(value, { limit: get().history.limit }), gestureStart: null });
      },
    };
  });
}

/** What a screen shows about its document's undo (e.g. the `undo-depth` test id). */
export function undoSummary<T>(state: UndoableState<T>) {
  return {
    undoDepth: undoDepth(settledHistory(state)),
    canUndo: canUndo(settledHistory(state)),
    canRedo: canRedo(settledHistory(state)),
  };
}

const settledHistory = <T>(state: UndoableState<T>): History<T> =>
  state.gestureStart ?? state.history;
