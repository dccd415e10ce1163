import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL_NAMES, REQUEST_CHANNEL_NAMES } from '../../shared/ipc/contract';
import type { SoundstageApi } from '../../shared/ipc/bridge';

/**
 * The closed `window.api`: exactly the contract's channels, nothing generic. ipcRenderer itself
 * is never exposed, so page script cannot reach other channels or forge events.
 */
const requestChannels = new Set<string>(REQUEST_CHANNEL_NAMES);
const eventChannels = new Set<string>(EVENT_CHANNEL_NAMES);

const api: SoundstageApi = {
  shell: 'electron',
  invoke(channel, request) {
    if (!requestChannels.has(channel)) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'unknown_channel',
          message: `Unknown channel ${String(channel)}`,
          retryable: false,
        },
      });
    }
    return ipcRenderer.invoke(channel, request);
  },
  on(channel, listener) {
    if (!eventChannels.has(channel)) throw new Error(`Unknown event ${String(channel)}`);
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('api', api);
