/**
 * The undo stack every editor uses: `createHistory(present, {limit})`, `record(history, next,
 * {label, coalesceKey?, at})`, `undo`, `redo`, `replacePresent` (drag preview), `canUndo`,
 * `canRedo`, `undoDepth`, `undoLabel`. See history.ts for what one step is.
 */
export * from './history';
