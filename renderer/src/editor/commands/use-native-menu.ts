import { useEffect } from 'react';
import { useApiEvent } from '../../bridge/events';
import { invokeResult } from '../../bridge/invoke';
import { commandForMenu, menuCommands, type TargetLike } from './dispatch';
import { useMenuRefresh, refreshNativeMenu } from './menu-refresh';
import { commandRegistry, useRegisteredCommands, type CommandRegistry } from './registry';
import { useUndoTargets } from './undo-target';

/** Coalesces bursts (a screen mounting registers several sets) into one send. */
const SEND_DELAY_MS = 120;

/**
 * Keeps the native menu in step with the registry and runs what it sends back. In browser mode
 * main accepts the list and ignores it, and no menu command ever arrives.
 */
export function useNativeMenu(registry: CommandRegistry = commandRegistry): void {
  const registrations = useRegisteredCommands(registry);
  const version = useMenuRefresh((state) => state.version);
  const undoClaims = useUndoTargets((state) => state.claims);
  useEffect(() => {
    const timer = setTimeout(() => {
      void invokeResult('menu:setCommands', { commands: menuCommands(registry.getState()) });
    }, SEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [registry, registrations, version, undoClaims]);

  useApiEvent('menu:command', ({ id }) => {
    const focused = document.activeElement as TargetLike | null;
    commandForMenu(registry.getState(), id, focused)?.run();
    refreshNativeMenu();
  });
}
