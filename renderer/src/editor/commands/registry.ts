import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Command, CommandScope } from '../../../../shared/domain/commands';

/** A command as a screen registers it: the data plus what it does and when it can. */
export interface RunnableCommand extends Command {
  run(): void;
  /** Asked at the moment of use (key, menu, sheet); absent = always enabled. */
  enabled?(): boolean;
}

interface Registration {
  token: number;
  scope: CommandScope;
  commands: readonly RunnableCommand[];
}

interface RegistryState {
  registrations: readonly Registration[];
  /** Adds a screen's commands; returns the function that removes them (on unmount). */
  register(scope: CommandScope, commands: readonly RunnableCommand[]): () => void;
}

let nextToken = 1;

/**
 * The one registry of the app's commands. Screens register theirs while mounted (useCommands),
 * so what the dispatcher, the shortcuts sheet and the native menu see is what is on screen.
 */
export function createCommandRegistry() {
  return createStore<RegistryState>()((set) => ({
    registrations: [],
    register(scope, commands) {
      const token = nextToken++;
      set((state) => ({ registrations: [...state.registrations, { token, scope, commands }] }));
      return () =>
        set((state) => ({
          registrations: state.registrations.filter((entry) => entry.token !== token),
        }));
    },
  }));
}

export type CommandRegistry = ReturnType<typeof createCommandRegistry>;

/** The app's registry (tests make their own with createCommandRegistry). */
export const commandRegistry = createCommandRegistry();

/** Every registered command, in registration order. */
export function allCommands(registrations: readonly Registration[]): RunnableCommand[] {
  return registrations.flatMap((entry) => entry.commands);
}

/** Scopes that are live now, most specific first: the newest workspace, …, then global. */
export function activeScopes(registrations: readonly Registration[]): CommandScope[] {
  const scopes: CommandScope[] = [];
  for (let i = registrations.length - 1; i >= 0; i -= 1) {
    const scope = registrations[i]!.scope;
    if (scope !== 'global' && !scopes.includes(scope)) scopes.push(scope);
  }
  return [...scopes, 'global'];
}

export const isEnabled = (command: RunnableCommand): boolean => command.enabled?.() ?? true;

/** Re-renders with the registry's commands (the sheet and the menu sync use it). */
export function useRegisteredCommands(registry: CommandRegistry = commandRegistry) {
  return useStore(registry, (state) => state.registrations);
}
