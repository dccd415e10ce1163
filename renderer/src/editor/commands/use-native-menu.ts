import { useEffect } from 'react';
import { useApiEvent } from '../../bridge/events';
import { invokeResult } from '../../bridge/invoke';
import { commandForMenu, menuCommands, type TargetLike } from './dispatch';
import { useMenuRefresh, refreshNativeMenu } from './menu-refresh';
import { commandRegistry, type CommandRegistry } from './registry';
import { useUndoTargets } from './undo-target';

/** Coalesces bursts (a screen mounting, a drag's previews) into one send. */
const SEND_DELAY_MS = 120;

/**
 * Keeps the native menu in step with the registry and runs what it sends back. It listens to
 * the stores outside React rendering, so an edit or a drag preview never re-renders the app,
 * and sends only when the list actually changed. In browser mode main accepts the list and
 * ignores it, and no menu command ever arrives.
 */
export function useNativeMenu(registry: CommandRegistry = commandRegistry): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastSent = '';
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const commands = menuCommands(registry.getState());
        const text = JSON.stringify(commands);
        if (text === lastSent) return;
        lastSent = text;
        void invokeResult('menu:setCommands', { commands });
      }, SEND_DELAY_MS);
    };
    const offs = [
      registry.subscribe(schedule),
      useMenuRefresh.subscribe(schedule),
      useUndoTargets.subscribe(schedule),
    ];
    schedule();
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [registry]);

  useApiEvent('menu:command', ({ id }) => {
    const focused = document.activeElement as TargetLike | null;
    commandForMenu(registry.getState(), id, focused)?.run();
    refreshNativeMenu();
  });
}
