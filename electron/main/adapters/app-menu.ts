import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../../shared/ipc/channels/editor';
import {
  buildMenuTemplate,
  type MenuItemSpec,
  type MenuOs,
} from '../services/app-menu/menu-template';

/**
 * The native menu bar, rebuilt from the renderer's live commands (see menu-template.ts for the
 * rules). A chosen item is sent back as its command id; the renderer runs it.
 */
export function createAppMenu(onCommand: (id: string) => void): {
  setCommands(commands: readonly MenuCommand[]): void;
} {
  const os: MenuOs =
    process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  const apply = (commands: readonly MenuCommand[]) => {
    const template = buildMenuTemplate(commands, { os, appName: app.getName() }).map(
      (menu): MenuItemConstructorOptions => ({
        label: menu.label,
        submenu: menu.items.map((item) => toElectron(item, onCommand)),
      }),
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  // Replace Electron's default menu (reload, devtools, zoom) before the page has sent anything.
  apply([]);
  return { setCommands: apply };
}

function toElectron(
  item: MenuItemSpec,
  onCommand: (id: string) => void,
): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'role':
      return { role: item.role };
    case 'quit':
      return { label: item.label, click: () => app.quit() };
    case 'command':
      return {
        label: item.label,
        enabled: item.enabled,
        accelerator: item.accelerator,
        registerAccelerator: false,
        click: () => onCommand(item.commandId),
      };
  }
}
