/**
 * Undo for editor documents in the renderer: `createUndoableStore(initial)` (zustand, wraps
 * shared/domain/history) and `useUndoableDocument(store, label)`, which routes global
 * Undo/Redo to the document while its screen is mounted.
 */
export * from './undoable-store';
export { useUndoableDocument } from './use-undoable-document';
