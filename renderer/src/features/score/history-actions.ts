import { useScoreStore } from './score-store';

/** Ctrl+Z / Ctrl+Shift+Z on the Score document. */
export function undoEdit(): void {
  useScoreStore.getState().undo();
}

export function redoEdit(): void {
  useScoreStore.getState().redo();
}
