import { ipcMain, type WebFrameMain } from 'electron';
import { PRELOAD_CHANNEL_NAMES, REQUEST_CHANNEL_NAMES } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';

export type Dispatch = (
  channel: string,
  request: unknown,
  client?: string,
) => Promise<Result<unknown>>;

/** The IPC client a window's page calls as: each window is one client (call-context.ts). */
export const windowClientId = (contentsId: number): string => `window-${contentsId}`;

/**
 * Registers one handler per contract channel, and the preload-only ones (window.api does not
 * expose those, so only the preload's own code can send them). Each checks that the sender is the app's own
 * top-level page before the dispatcher validates the request with the channel's schema.
 */
export function registerIpcHandlers(
  dispatch: Dispatch,
  isTrustedFrame: (frame: WebFrameMain | null) => boolean,
  dispatchPreload: Dispatch,
  /** A window closed: main releases the project it held (project-locks.ts). */
  onClientClosed: (client: string) => void = () => undefined,
): () => void {
  const watched = new Set<number>();
  const channels = [...REQUEST_CHANNEL_NAMES, ...PRELOAD_CHANNEL_NAMES];
  const preloadOnly = new Set<string>(PRELOAD_CHANNEL_NAMES);
  for (const channel of channels) {
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
      // Each window is one client: a second window on the same project opens it read-only.
      const client = windowClientId(event.sender.id);
      if (!watched.has(event.sender.id)) {
        watched.add(event.sender.id);
        const id = event.sender.id;
        event.sender.once('destroyed', () => {
          watched.delete(id);
          onClientClosed(client);
        });
      }
      return preloadOnly.has(channel)
        ? dispatchPreload(channel, request)
        : dispatch(channel, request, client);
    });
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
