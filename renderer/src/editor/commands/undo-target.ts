import { create } from 'zustand';

/** What global Undo/Redo act on: the editor that has the user's attention. */
export interface UndoTarget {
  label: string;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
}

interface UndoTargetState {
  /** Editors that claimed undo, oldest first; the last one is active. */
  claims: readonly UndoTarget[];
  /** Makes `target` the active editor; returns the function that lets go of it. */
  claim(target: UndoTarget): () => void;
}

/**
 * The active editor's undo. Editors claim it while mounted (the newest claim wins and the one
 * before comes back when it lets go), so Ctrl+Z is one global command routed to whichever
 * document is on screen.
 */
export const useUndoTargets = create<UndoTargetState>()((set) => ({
  claims: [],
  claim(target) {
    set((state) => ({ claims: [...state.claims, target] }));
    return () => set((state) => ({ claims: state.claims.filter((claim) => claim !== target) }));
  },
}));

export function activeUndoTarget(): UndoTarget | null {
  const { claims } = useUndoTargets.getState();
  return claims[claims.length - 1] ?? null;
}
