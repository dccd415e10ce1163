import { ok } from '../../../shared/ipc/result';
import type { windowChannels } from '../../../shared/ipc/channels/window';
import { DEFAULT_CONTEXT } from './call-context';
import type { DomainHandlers, PlatformDeps } from './handlers';

/**
 * The window's close handshake: the page says it has saved, and a close held for it goes on
 * (Electron). Browser mode holds no close, so it answers `closing: false`.
 */
export function windowHandlers(
  platform: Pick<PlatformDeps, 'pageReadyToClose'>,
): DomainHandlers<typeof windowChannels> {
  return {
    'window:readyToClose': async (_request, { client } = DEFAULT_CONTEXT) =>
      ok({ closing: platform.pageReadyToClose?.(client) ?? false }),
  };
}
