import { BrowserWindow, shell, type Session, type WebFrameMain } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN } from './adapters/app-protocol';
import { windowClientId } from './ipc/register-electron';
import type { CloseHandshake } from './services/window-close/close-handshake';
import { isAllowedExternalUrl } from './services/external-links';
import { isPermissionGranted, isSameOrigin } from './services/permissions';

/** True only for the app's own top-level page. */
export function isTrustedFrame(frame: WebFrameMain | null): boolean {
  if (!frame || frame.parent) return false;
  return isSameOrigin(frame.url, APP_ORIGIN);
}

/** Denies every permission request and check unless the app's own page needs it. */
export function denyPermissionsByDefault(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, APP_ORIGIN)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, APP_ORIGIN),
  );
}

export function createMainWindow(preloadDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    backgroundColor: '#121418',
    title: 'Soundstage',
    show: false,
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  denyPermissionsByDefault(window.webContents.session);
  window.once('ready-to-show', () => window.show());

  // No navigation away from the app; links open in the system browser only when allowlisted.
  // The URL is read from the event (Electron 45 deprecates the positional arguments).
  window.webContents.on('will-navigate', (event) => {
    if (!event.url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

/**
 * Holds the window's close until its page has saved (services/window-close/close-handshake.ts):
 * the first close is prevented and the page is sent `window:closing`; the window closes for real
 * once the page answers `window:readyToClose` or the wait runs out. Quitting closes windows the
 * same way (a held close cancels the quit; the last window closing quits again, index.ts). A page
 * still loading or crashed has no edits to save, so its window closes at once.
 */
export function holdCloseForSaves(window: BrowserWindow, handshake: CloseHandshake): void {
  let released = false;
  window.on('close', (event) => {
    const contents = window.webContents;
    if (released || contents.isLoading() || contents.isCrashed()) return;
    event.preventDefault();
    void handshake
      .requestClose(windowClientId(contents.id), () => contents.send('window:closing', {}))
      .then(() => {
        released = true;
        if (!window.isDestroyed()) window.close();
      });
  });
}
