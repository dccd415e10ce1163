import { useEffect } from 'react';
import { canRedo, canUndo } from '../../../../shared/domain/history';
import { useUndoTargets } from '../../editor/commands';
import { useScoreStore } from './score-store';

/** While the workspace is open, global Undo/Redo (Ctrl+Z, Ctrl+Shift+Z) act on its document. */
export function useUndoClaim(): void {
  useEffect(
    () =>
      useUndoTargets.getState().claim({
        label: 'Score',
        undo: () => useScoreStore.getState().undo(),
        redo: () => useScoreStore.getState().redo(),
        canUndo: () => {
          const history = useScoreStore.getState().history;
          return !!history && canUndo(history);
        },
        canRedo: () => {
          const history = useScoreStore.getState().history;
          return !!history && canRedo(history);
        },
      }),
    [],
  );
}
