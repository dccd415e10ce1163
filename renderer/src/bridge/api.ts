import type { SoundstageApi } from '../../../shared/ipc/bridge';
import { hashWithoutToken, ipcSocketUrl, readTokenFromHash } from './host-url';
import { WsBridge, type ConnectionInfo, type SocketLike } from './ws-bridge';

const TOKEN_KEY = 'soundstage.token';

export type HostLink =
  | { mode: 'electron'; api: SoundstageApi }
  | { mode: 'browser'; api: WsBridge; token: string }
  | { mode: 'no-host'; api: SoundstageApi };

/** Answers every request with the same explanation when the page was opened without a host. */
const noHostApi: SoundstageApi = {
  shell: 'browser',
  invoke: async () => ({
    ok: false,
    error: {
      code: 'no_host',
      message:
        'Not connected to Soundstage host. Open the address printed by `npm run web` (it carries the access token).',
      retryable: false,
    },
  }),
  on: () => () => undefined,
};

/**
 * Takes the token from the address once and keeps it for this tab only, so reloading works
 * and the token does not stay visible in the address bar.
 */
function takeToken(): string | null {
  const fromHash = readTokenFromHash(window.location.hash);
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    const { pathname, search } = window.location;
    history.replaceState(null, '', `${pathname}${search}${hashWithoutToken(window.location.hash)}`);
    return fromHash;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function link(): HostLink {
  if (window.api) return { mode: 'electron', api: window.api };
  const token = takeToken();
  if (!token) {
    // Pasting the host's address into this tab only changes the hash: start over with it.
    window.addEventListener('hashchange', () => {
      if (readTokenFromHash(window.location.hash)) window.location.reload();
    });
    return { mode: 'no-host', api: noHostApi };
  }
  const url = ipcSocketUrl(window.location.host, token, window.location.protocol === 'https:');
  const bridge = new WsBridge({
    url,
    createSocket: (address) => new WebSocket(address) as SocketLike,
  });
  bridge.start();
  return { mode: 'browser', api: bridge, token };
}

let current: HostLink | null = null;

/** The one connection to main: the preload's `window.api`, or the browser-mode socket bridge. */
export function hostLink(): HostLink {
  current ??= link();
  return current;
}

export function api(): SoundstageApi {
  return hostLink().api;
}

const ALWAYS_OPEN: ConnectionInfo = { state: 'open', failures: 0, reopened: false };
const NEVER_OPEN: ConnectionInfo = { state: 'stopped', failures: 0, reopened: false };

/** Connection state as the status strip shows it (a stable object per state, for React). */
export function connectionInfo(): ConnectionInfo {
  const host = hostLink();
  if (host.mode === 'browser') return host.api.connection;
  return host.mode === 'electron' ? ALWAYS_OPEN : NEVER_OPEN;
}

export function onConnectionChange(listener: (info: ConnectionInfo) => void): () => void {
  const host = hostLink();
  return host.mode === 'browser' ? host.api.onConnection(listener) : () => undefined;
}
