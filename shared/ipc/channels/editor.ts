import { z } from 'zod';
import { commandSchema } from '../../domain/commands/command';

/**
 * The editor's command registry, mirrored into the native menu (Electron; browser mode accepts
 * and ignores it). The renderer sends the commands live on screen whenever they change; a menu
 * click comes back as `menu:command` and runs through the same registry as a key press.
 */
export const menuCommandSchema = commandSchema
  .pick({ id: true, label: true, keys: true, scope: true, group: true })
  .extend({ enabled: z.boolean() });
export type MenuCommand = z.infer<typeof menuCommandSchema>;

export const editorChannels = {
  /** Replaces the native menu's commands; `applied` is false where there is no native menu. */
  'menu:setCommands': {
    request: z.object({ commands: z.array(menuCommandSchema).max(500) }).strict(),
    response: z.object({ applied: z.boolean() }),
  },
} as const;

export const editorEvents = {
  /** A native menu item was chosen. */
  'menu:command': z.object({ id: z.string().min(1).max(100) }),
} as const;
