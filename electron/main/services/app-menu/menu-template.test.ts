import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../../../shared/ipc/channels/editor';
import { acceleratorFor, buildMenuTemplate, type MenuItemSpec } from './menu-template';

const command = (
  id: string,
  label: string,
  keys: string[],
  group?: string,
  enabled = true,
): MenuCommand => ({ id, label, keys, scope: 'global', group, enabled });

const COMMANDS: MenuCommand[] = [
  command('edit.undo', 'Undo', ['Ctrl+Z'], 'Edit', false),
  command('edit.redo', 'Redo', ['Ctrl+Shift+Z', 'Ctrl+Y'], 'Edit'),
  command('go.score', 'Go to Score', ['Alt+1'], 'Go'),
  command('score.split', 'Split at playhead', ['S'], 'Timeline'),
  command('score.export', 'Export…', ['Ctrl+E'], 'File'),
  command('help.shortcuts', 'Keyboard shortcuts', ['?'], 'Help'),
];

const items = (menus: ReturnType<typeof buildMenuTemplate>): MenuItemSpec[] =>
  menus.flatMap((menu) => menu.items);

describe('acceleratorFor', () => {
  it.each([
    ['Ctrl+Z', 'CmdOrCtrl+Z'],
    ['Ctrl+Shift+Z', 'CmdOrCtrl+Shift+Z'],
    ['Alt+1', 'Alt+1'],
    ['Alt+Left', 'Alt+Left'],
    ['Shift+F12', 'Shift+F12'],
    ['F5', 'F5'],
    ['Ctrl+Enter', 'CmdOrCtrl+Enter'],
    ['Ctrl++', 'CmdOrCtrl+Plus'],
  ])('%s -> %s', (keys, expected) => {
    expect(acceleratorFor(keys)).toBe(expected);
  });

  it.each(['S', 'Space', 'Left', '?', 'Ctrl+R', 'Ctrl+Shift+R', 'Ctrl+W', 'Ctrl+Q', 'Hyper+K'])(
    'gives %s no accelerator (bare, reserved or unreadable)',
    (keys) => {
      expect(acceleratorFor(keys)).toBeNull();
    },
  );
});

describe('buildMenuTemplate', () => {
  it('puts commands in menus by group: File, Edit, then the others, Help last', () => {
    const menus = buildMenuTemplate(COMMANDS, { os: 'linux', appName: 'Soundstage' });
    expect(menus.map((menu) => menu.label)).toEqual(['File', 'Edit', 'Go', 'Timeline', 'Help']);
    expect(menus[1]!.items.slice(0, 2)).toEqual([
      {
        kind: 'command',
        commandId: 'edit.undo',
        label: 'Undo',
        accelerator: 'CmdOrCtrl+Z',
        enabled: false,
      },
      {
        kind: 'command',
        commandId: 'edit.redo',
        label: 'Redo',
        accelerator: 'CmdOrCtrl+Shift+Z',
        enabled: true,
      },
    ]);
  });

  it('keeps text editing roles in Edit and no reload, devtools or zoom anywhere', () => {
    const all = items(buildMenuTemplate(COMMANDS, { os: 'linux', appName: 'Soundstage' }));
    const roles = all.flatMap((item) => (item.kind === 'role' ? [item.role] : []));
    expect(roles).toEqual(['cut', 'copy', 'paste', 'selectAll']);
  });

  it('binds nothing to Ctrl+R, Ctrl+W or Ctrl+Q, even when a command asks', () => {
    const greedy = [
      ...COMMANDS,
      command('x.reload', 'Refresh lanes', ['Ctrl+R'], 'Timeline'),
      command('x.close', 'Close project', ['Ctrl+W'], 'File'),
      command('x.quit', 'Quit now', ['Ctrl+Q'], 'File'),
    ];
    for (const os of ['linux', 'win32', 'darwin'] as const) {
      const accelerators = items(buildMenuTemplate(greedy, { os, appName: 'Soundstage' })).flatMap(
        (item) => (item.kind === 'command' && item.accelerator ? [item.accelerator] : []),
      );
      expect(accelerators).toEqual(['CmdOrCtrl+E', 'CmdOrCtrl+Z', 'CmdOrCtrl+Shift+Z', 'Alt+1']);
    }
  });

  it('lists bare-key commands by label only and quits by menu only', () => {
    const menus = buildMenuTemplate(COMMANDS, { os: 'win32', appName: 'Soundstage' });
    const split = items(menus).find(
      (item) => item.kind === 'command' && item.commandId === 'score.split',
    );
    expect(split).toEqual({
      kind: 'command',
      commandId: 'score.split',
      label: 'Split at playhead',
      enabled: true,
    });
    expect(menus[0]!.items.at(-1)).toEqual({ kind: 'quit', label: 'Quit Soundstage' });
  });

  it('on macOS leads with the app menu, where Quit lives', () => {
    const menus = buildMenuTemplate(COMMANDS, { os: 'darwin', appName: 'Soundstage' });
    expect(menus[0]!.label).toBe('Soundstage');
    expect(menus[0]!.items.at(-1)).toEqual({ kind: 'quit', label: 'Quit Soundstage' });
    expect(items(menus.slice(1)).some((item) => item.kind === 'quit')).toBe(false);
  });

  it('still gives a usable menu before the renderer has sent anything', () => {
    const menus = buildMenuTemplate([], { os: 'linux', appName: 'Soundstage' });
    expect(menus.map((menu) => menu.label)).toEqual(['File', 'Edit']);
  });

  it('lists a command once even if it arrives twice', () => {
    const twice = [...COMMANDS, COMMANDS[0]!];
    const undos = items(buildMenuTemplate(twice, { os: 'linux', appName: 'S' })).filter(
      (item) => item.kind === 'command' && item.commandId === 'edit.undo',
    );
    expect(undos).toHaveLength(1);
  });
});
