/**
 * The editor's commands in the renderer: one registry (registry.ts), one key dispatcher
 * (useKeyDispatcher, installed once in App), `useCommands(scope, commands)` for screens, the
 * shortcuts sheet (?), the native menu sync, and the undo target global Undo/Redo act on.
 */
export { useCommands } from './use-commands';
export { useKeyDispatcher } from './use-key-dispatcher';
export { useNativeMenu } from './use-native-menu';
export { ShortcutsSheet } from './ShortcutsSheet';
export { useShortcutsSheet } from './sheet-store';
export { activeUndoTarget, useUndoTargets, type UndoTarget } from './undo-target';
export { refreshNativeMenu } from './menu-refresh';
export { commandRegistry, type RunnableCommand } from './registry';
