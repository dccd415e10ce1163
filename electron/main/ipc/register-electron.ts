import { ipcMain, type WebFrameMain } from 'electron';
import { REQUEST_CHANNEL_NAMES } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';

export type Dispatch = (channel: string, request: unknown) => Promise<Result<unknown>>;

/**
 * Registers one handler per contract channel. Each checks that the sender is the app's own
 * top-level page before the dispatcher validates the request with the channel's schema.
 */
export function registerIpcHandlers(
  dispatch: Dispatch,
  isTrustedFrame: (frame: WebFrameMain | null) => boolean,
): () => void {
  for (const channel of REQUEST_CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, request: unknown) => {
      if (!isTrustedFrame(event.senderFrame)) {
        return {
          ok: false,
          error: {
            code: 'forbidden',
            message: 'Request from an untrusted frame',
            retryable: false,
          },
        };
      }
      return dispatch(channel, request);
    });
  }
  return () => {
    for (const channel of REQUEST_CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}
