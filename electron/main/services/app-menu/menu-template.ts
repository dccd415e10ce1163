import { parseChord, type Chord } from '../../../../shared/domain/commands';
import type { MenuCommand } from '../../../../shared/ipc/channels/editor';

/**
 * The native menu as plain data, built from the renderer's command registry. Only the Electron
 * adapter turns it into a Menu; keeping the rules here means they are tested in plain Node.
 *
 * Rules (docs/editing.md, "Native menu"):
 * - No reload, devtools or zoom roles, and nothing on Ctrl+R, Ctrl+W or Ctrl+Q (or their Shift
 *   forms): those close or reload the window and lose work.
 * - Accelerators are shown but not registered (`registerAccelerator: false`): the renderer's one
 *   key dispatcher acts on keys, with the rule that keeps typing in text fields; the menu acting
 *   too would run commands twice or steal keys from a text field.
 * - Bare keys (S, Space, ←) get no accelerator at all: macOS registers every accelerator it is
 *   given, and a bare one would fire while typing. The menu label still works by click.
 * - Edit keeps the system's text roles (cut, copy, paste, select all), which macOS needs for
 *   text fields to accept those keys.
 */
export type MenuOs = 'darwin' | 'win32' | 'linux';

export type MenuItemSpec =
  | {
      kind: 'command';
      commandId: string;
      label: string;
      accelerator?: string;
      enabled: boolean;
    }
  | { kind: 'role'; role: 'cut' | 'copy' | 'paste' | 'selectAll' | 'about' | 'hide' }
  /** Quit without an accelerator (Electron's quit role would bind Ctrl/Cmd+Q). */
  | { kind: 'quit'; label: string }
  | { kind: 'separator' };

export interface MenuSpec {
  label: string;
  items: MenuItemSpec[];
}

/** Chords the window itself would act on (reload, close, quit): never given to a menu item. */
const RESERVED = new Set(['CmdOrCtrl+R', 'CmdOrCtrl+Shift+R', 'CmdOrCtrl+W', 'CmdOrCtrl+Q']);

/** Menus in this order; any other group follows, in the order its first command arrived. */
const GROUP_ORDER = ['File', 'Edit'];
const HELP = 'Help';

const ELECTRON_KEYS: Record<string, string> = {
  Space: 'Space',
  Enter: 'Enter',
  Escape: 'Esc',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
};

/**
 * The Electron accelerator for a chord, or null when it should not get one (bare keys,
 * reserved window keys, anything unreadable).
 */
export function acceleratorFor(keys: string): string | null {
  const parsed = parseChord(keys);
  if (!parsed.ok) return null;
  const { chord } = parsed;
  const fKey = chord.code !== null && /^F\d+$/.test(chord.code);
  if (!chord.primary && !chord.alt && !fKey) return null;
  const key = electronKey(chord);
  if (key === null) return null;
  const accelerator = [
    chord.primary && 'CmdOrCtrl',
    chord.alt && 'Alt',
    chord.shift && 'Shift',
    key,
  ]
    .filter(Boolean)
    .join('+');
  return RESERVED.has(accelerator) ? null : accelerator;
}

function electronKey(chord: Chord): string | null {
  if (chord.key !== null) return chord.key === '+' ? 'Plus' : chord.key;
  const code = chord.code ?? '';
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (/^Numpad\d$/.test(code)) return `num${code.slice(6)}`;
  if (/^F\d+$/.test(code)) return code;
  return ELECTRON_KEYS[code] ?? null;
}

/** The whole menu bar for the commands live on screen. */
export function buildMenuTemplate(
  commands: readonly MenuCommand[],
  { os, appName }: { os: MenuOs; appName: string },
): MenuSpec[] {
  const groups = new Map<string, MenuItemSpec[]>();
  for (const name of GROUP_ORDER) groups.set(name, []);
  const seen = new Set<string>();
  for (const command of commands) {
    if (seen.has(command.id)) continue;
    seen.add(command.id);
    const group = command.group ?? 'Commands';
    const accelerator = command.keys.map(acceleratorFor).find((value) => value !== null);
    const item: MenuItemSpec = {
      kind: 'command',
      commandId: command.id,
      label: command.label,
      enabled: command.enabled,
      ...(accelerator ? { accelerator } : {}),
    };
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  const help = groups.get(HELP) ?? [];
  groups.delete(HELP);

  const textRoles: MenuItemSpec[] = [
    { kind: 'role', role: 'cut' },
    { kind: 'role', role: 'copy' },
    { kind: 'role', role: 'paste' },
    { kind: 'role', role: 'selectAll' },
  ];
  const edit = groups.get('Edit') ?? [];
  groups.set('Edit', edit.length > 0 ? [...edit, { kind: 'separator' }, ...textRoles] : textRoles);
  // Quit by menu only: Ctrl+Q beside Ctrl+W and Tab loses work by accident (see RESERVED).
  const quit: MenuItemSpec = { kind: 'quit', label: `Quit ${appName}` };
  if (os !== 'darwin') {
    const file = groups.get('File') ?? [];
    groups.set('File', file.length > 0 ? [...file, { kind: 'separator' }, quit] : [quit]);
  }

  const menus: MenuSpec[] = [];
  if (os === 'darwin') {
    menus.push({
      label: appName,
      items: [
        { kind: 'role', role: 'about' },
        { kind: 'separator' },
        { kind: 'role', role: 'hide' },
        { kind: 'separator' },
        quit,
      ],
    });
  }
  for (const [label, items] of groups) {
    if (items.length > 0) menus.push({ label, items });
  }
  if (help.length > 0) menus.push({ label: HELP, items: help });
  return menus;
}
