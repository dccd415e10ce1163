import { UPLOAD_PATH, WS_PATH } from '../../../shared/ipc/ws-protocol';

/** Reads the per-run token from a location hash like `#token=abc` (other keys are ignored). */
export function readTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && token.trim() ? token.trim() : null;
}

/** The hash without its token, so the token does not linger in the address bar or history. */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/** The WebSocket address of the host's IPC endpoint for a page served at `host`. */
export function ipcSocketUrl(host: string, token: string, secure = false): string {
  return `${secure ? 'wss' : 'ws'}://${host}${WS_PATH}?token=${encodeURIComponent(token)}`;
}

/** The upload address for one file (the name only labels it; the host picks the path). */
export function uploadUrl(fileName: string): string {
  return `${UPLOAD_PATH}?name=${encodeURIComponent(fileName)}`;
}
