import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
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
  async pathForFile(file) {
    // Only a real File backed by a file on disk has a path; page script cannot forge one, so
    // main may trust this channel, which window.api does not expose for naming paths directly.
    let path = '';
    try {
      path = webUtils.getPathForFile(file as File);
    } catch {
      return null;
    }
    if (!path) return null;
    const registered = (await ipcRenderer.invoke('files:registerDropped', { path })) as {
      ok: boolean;
      value?: { path: string };
    };
    return registered.ok && registered.value ? registered.value.path : null;
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
