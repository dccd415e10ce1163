import { useEffect } from 'react';
import { platformOf } from '../../../../shared/domain/commands';
import { commandForKey, leavesField, type TargetLike } from './dispatch';
import { refreshNativeMenu } from './menu-refresh';
import { commandRegistry, type CommandRegistry } from './registry';

/**
 * The app's only window keydown listener: every shortcut is a registered command, so two
 * screens can never both act on one key press. Installed once, in App.
 */
export function useKeyDispatcher(registry: CommandRegistry = commandRegistry): void {
  useEffect(() => {
    const platform = platformOf(navigator.platform);
    let afterAltChord = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(
        registry.getState(),
        { ...pickKeys(event), target: event.target as TargetLike | null },
        platform,
      );
      if (!command) {
        const target = { key: event.key, target: event.target as TargetLike | null };
        if (leavesField({ ...target, defaultPrevented: event.defaultPrevented })) {
          (event.target as HTMLElement).blur();
        }
        return;
      }
      event.preventDefault();
      afterAltChord = event.altKey;
      command.run();
      refreshNativeMenu();
    };
    // Windows moves focus to the menu bar when Alt is released alone; after Alt+1 it was not.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === 'Alt' && afterAltChord) event.preventDefault();
      if (event.key === 'Alt') afterAltChord = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [registry]);
}

function pickKeys(event: KeyboardEvent) {
  return {
    code: event.code,
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    defaultPrevented: event.defaultPrevented,
    isComposing: event.isComposing,
  };
}
