import {
  activeUndoTarget,
  useCommands,
  useShortcutsSheet,
  type RunnableCommand,
} from '../editor/commands';
import { goTo, SCREEN_NAMES, SCREENS } from './routes';

/**
 * Commands that work on every screen: Alt+1…6 switch screens (Alt keeps the browser's own
 * Ctrl+digit tab keys; it acts even while typing, as before), Undo/Redo go to the editor on
 * screen, ? opens the shortcuts sheet.
 */
export function useGlobalCommands(): void {
  const openSheet = useShortcutsSheet((state) => state.setOpen);
  const commands: RunnableCommand[] = [
    {
      id: 'edit.undo',
      label: 'Undo',
      keys: ['Ctrl+Z'],
      scope: 'global',
      group: 'Edit',
      run: () => activeUndoTarget()?.undo(),
      enabled: () => activeUndoTarget()?.canUndo() ?? false,
    },
    {
      id: 'edit.redo',
      label: 'Redo',
      // Ctrl+Y is Windows' redo, Ctrl+Shift+Z everyone else's: both work everywhere.
      keys: ['Ctrl+Shift+Z', 'Ctrl+Y'],
      scope: 'global',
      group: 'Edit',
      run: () => activeUndoTarget()?.redo(),
      enabled: () => activeUndoTarget()?.canRedo() ?? false,
    },
    ...SCREENS.map((screen, index): RunnableCommand => ({
      id: `go.${screen}`,
      label: `Go to ${SCREEN_NAMES[screen]}`,
      keys: [`Alt+${index + 1}`],
      scope: 'global',
      group: 'Go',
      allowInText: true,
      run: () => goTo(screen),
    })),
    {
      id: 'help.shortcuts',
      label: 'Keyboard shortcuts',
      keys: ['?'],
      scope: 'global',
      group: 'Help',
      run: () => openSheet(true),
    },
  ];
  useCommands('global', commands);
}
