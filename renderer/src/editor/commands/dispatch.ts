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
  /** A link's target: an anchor without one is not focusable or pressable. */
  href?: string;
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

/**
 * How a focused element takes keys:
 * - `text`: typing; only chords a text field does not use reach commands (actsInText);
 * - `value`: a select or slider: its bare keys (arrows, Home/End, letters) change the value,
 *   but it has no undo of its own, so modified chords (Ctrl+Z) are the app's;
 * - `control`: a native button, box, link or disclosure: Space and Enter press it;
 * - `other`: everything else; every binding applies. Custom widgets (a timeline segment with
 *   role=button) handle the keys they use themselves and mark them handled (preventDefault), so
 *   Space still plays while a segment has focus, as NLE users expect.
 */
export type TargetKind = 'text' | 'value' | 'control' | 'other';

export function targetKind(target: TargetLike | null | undefined): TargetKind {
  if (!target) return 'other';
  if (target.isContentEditable) return 'text';
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA') return 'text';
  if (tag === 'SELECT') return 'value';
  if (tag === 'INPUT') {
    const type = (target.type ?? 'text').toLowerCase();
    if (type === 'range') return 'value';
    return NON_TEXT_INPUTS.has(type) ? 'control' : 'text';
  }
  return tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && target.href)
    ? 'control'
    : 'other';
}

/** Whether focus is somewhere keys type or change a value: text fields, selects, sliders. */
export function isEditableTarget(target: TargetLike | null | undefined): boolean {
  const kind = targetKind(target);
  return kind === 'text' || kind === 'value';
}

/** Whether a key press carries Ctrl, Cmd or Alt, which no select or slider uses. */
const isChord = (event: KeyEventLike) => event.ctrlKey || event.metaKey || event.altKey;

/** Space or Enter alone: what a focused button, box or link answers to. */
const isActivation = (event: KeyEventLike) =>
  (event.key === ' ' || event.key === 'Enter') && !isChord(event) && !event.shiftKey;

/** Whether the target is inside a modal dialog, which handles its own keys. */
export function isInModal(target: TargetLike | null | undefined): boolean {
  // Native <dialog>s (New project, Export) are opened with showModal(), which sets no
  // aria-modal; without them here a bare S on the Export dialog's button split a segment.
  return Boolean(target?.closest?.('[aria-modal="true"], dialog[open]'));
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
  const kind = targetKind(event.target);
  // A keyboard user presses the focused control with Space or Enter; a binding must not take it.
  if (kind === 'control' && isActivation(event)) return null;
  const matches = findCommands(allCommands(state.registrations), event, {
    inText: kind === 'text' || (kind === 'value' && !isChord(event)),
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
  const kind = targetKind(focused);
  const kept = kind === 'text' ? keptByText : kind === 'value' ? keptByValue : null;
  if (kept && !command.allowInText && command.keys.some(kept)) return null;
  return command;
}

/** A chord a select or slider keeps for itself: one with no Ctrl, Cmd or Alt, but F-keys. */
function keptByValue(keys: string): boolean {
  const parsed = parseChord(keys);
  return (
    parsed.ok &&
    !parsed.chord.primary &&
    !parsed.chord.alt &&
    !(parsed.chord.code !== null && /^F\d+$/.test(parsed.chord.code))
  );
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
