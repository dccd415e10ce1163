import { useEffect, useLayoutEffect, useRef } from 'react';
import type { CommandScope } from '../../../../shared/domain/commands';
import { commandRegistry, type CommandRegistry, type RunnableCommand } from './registry';

/**
 * Registers a screen's commands while it is mounted. `run` and `enabled` may be fresh closures
 * every render: the registry holds stable stand-ins that call the latest ones, so only a change
 * of ids, labels or keys re-registers (and re-sends the native menu).
 */
export function useCommands(
  scope: CommandScope,
  commands: readonly RunnableCommand[],
  registry: CommandRegistry = commandRegistry,
): void {
  const latest = useRef(commands);
  useLayoutEffect(() => {
    latest.current = commands;
  });
  const signature = commands
    .map((c) =>
      [c.id, c.label, c.keys.join(' '), c.group ?? '', c.allowInText ? 1 : 0].join('\u0001'),
    )
    .join('\u0002');
  useEffect(() => {
    const current = (id: string) => latest.current.find((command) => command.id === id);
    const standIns = latest.current.map(({ run: _run, enabled: _enabled, ...data }) => ({
      ...data,
      run: () => current(data.id)?.run(),
      enabled: () => {
        const command = current(data.id);
        return command ? (command.enabled?.() ?? true) : false;
      },
    }));
    return registry.getState().register(scope, standIns);
    // The signature stands for the commands' data; closures are read through `latest`.
  }, [scope, signature, registry]);
}
