import {
  actsInText,
  findCommands,
  parseChord,
  type KeyEventLike,
  type Platform,
} from '../../../../shared/domain/commands';
import type { MenuCommand } from '../../../../shared/ipc/channels/editor';
import { activeScopes, allCommands, isEnabled, type RunnableCommand } from './registry';

/** The parts of an event target the typing rule looks at (an Element in the app). */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  closest?(selector: string): unknown;
}

/** Inputs that take key presses as typing or value changes; buttons and boxes do not. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'file',
  'color',
  'image',
]);

/** Whether focus is somewhere keys type or change a value: text fields, selects, sliders. */
export function isEditableTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/** Whether the target is inside a modal dialog, which handles its own keys. */
export function isInModal(target: TargetLike | null | undefined): boolean {
  return Boolean(target?.closest?.('[aria-modal="true"]'));
}

export interface DispatchRegistry {
  registrations: Parameters<typeof allCommands>[0];
}

/**
 * The enabled command a key press runs, or null (the key then does what it does natively).
 * Keys inside a modal dialog are the dialog's; an event already handled is left alone.
 */
export function commandForKey(
  state: DispatchRegistry,
  event: KeyEventLike & {
    target: TargetLike | null;
    defaultPrevented?: boolean;
    isComposing?: boolean;
  },
  platform: Platform,
): RunnableCommand | null {
  if (event.defaultPrevented || event.isComposing || isInModal(event.target)) return null;
  const matches = findCommands(allCommands(state.registrations), event, {
    inText: isEditableTarget(event.target),
    scopes: activeScopes(state.registrations),
    platform,
  });
  return matches.find(isEnabled) ?? null;
}

/**
 * Whether an unhandled Esc should take focus out of a text field, so single-key shortcuts work
 * again without reaching for the mouse. A field that uses Esc itself (cancel an edit) calls
 * preventDefault and keeps focus; dialogs handle their own Esc.
 */
export function leavesField(event: {
  key: string;
  target: TargetLike | null;
  defaultPrevented?: boolean;
}): boolean {
  return (
    event.key === 'Escape' &&
    !event.defaultPrevented &&
    isEditableTarget(event.target) &&
    !isInModal(event.target)
  );
}

/**
 * The command a menu item names. On macOS Electron registers menu accelerators even when told
 * not to, so a chord a text field should keep (Cmd+Z, a bare S) can arrive as a menu click;
 * while focus is in a text field such a command is dropped, the rest run.
 */
export function commandForMenu(
  state: DispatchRegistry,
  id: string,
  focused: TargetLike | null,
): RunnableCommand | null {
  const scopes = activeScopes(state.registrations);
  const command = allCommands(state.registrations).find(
    (candidate) => candidate.id === id && scopes.includes(candidate.scope),
  );
  if (!command || !isEnabled(command)) return null;
  if (isEditableTarget(focused) && !command.allowInText && command.keys.some(keptByText)) {
    return null;
  }
  return command;
}

/** A chord that a text field keeps for itself (typing, text undo, caret moves). */
function keptByText(keys: string): boolean {
  const parsed = parseChord(keys);
  return parsed.ok && !actsInText(parsed.chord);
}

/** What the native menu shows now: the live scopes' commands, enabled as of this moment. */
export function menuCommands(state: DispatchRegistry): MenuCommand[] {
  const scopes = activeScopes(state.registrations);
  return allCommands(state.registrations)
    .filter((command) => scopes.includes(command.scope))
    .map((command) => ({
      id: command.id,
      label: command.label,
      keys: command.keys,
      scope: command.scope,
      group: command.group,
      enabled: isEnabled(command),
    }));
}
