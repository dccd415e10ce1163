import type { SoundstageApi } from '../../../shared/ipc/bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in browser mode. */
    api?: SoundstageApi;
  }
}
