import { useEffect } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { refreshNativeMenu, useUndoTargets } from '../commands';
import { undoSummary, type UndoableState } from './undoable-store';

/**
 * Binds an editor's undoable document to the screen: returns the present value and the undo
 * summary, and while mounted makes this document the one global Ctrl+Z / Ctrl+Shift+Z act on
 * (and keeps the native menu's Undo/Redo enabled state current).
 */
export function useUndoableDocument<T>(store: StoreApi<UndoableState<T>>, label: string) {
  const value = useStore(store, (state) => state.history.present);
  const summary = useStore(store, useShallow(undoSummary));
  const claim = useUndoTargets((state) => state.claim);

  useEffect(
    () =>
      claim({
        label,
        undo: () => store.getState().undo(),
        redo: () => store.getState().redo(),
        canUndo: () => undoSummary(store.getState()).canUndo,
        canRedo: () => undoSummary(store.getState()).canRedo,
      }),
    [claim, label, store],
  );
  useEffect(() => store.subscribe(() => refreshNativeMenu()), [store]);

  const actions = store.getState();
  return {
    value,
    ...summary,
    record: actions.record,
    preview: actions.preview,
    commitPreview: actions.commitPreview,
    cancelPreview: actions.cancelPreview,
    undo: actions.undo,
    redo: actions.redo,
    reset: actions.reset,
  };
}
