import { ok } from '../../../shared/ipc/result';
import type { editorChannels } from '../../../shared/ipc/channels/editor';
import type { DomainHandlers, PlatformDeps } from './handlers';

/**
 * The editor's channels: the renderer's live commands go to the native menu where there is one
 * (Electron); browser mode has none and answers `applied: false`.
 */
export function editorHandlers(
  platform: Pick<PlatformDeps, 'setMenuCommands'>,
): DomainHandlers<typeof editorChannels> {
  return {
    'menu:setCommands': async ({ commands }) => {
      if (!platform.setMenuCommands) return ok({ applied: false });
      platform.setMenuCommands(commands);
      return ok({ applied: true });
    },
  };
}
