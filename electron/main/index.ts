// Electron entry: the composition root of the desktop app. Everything it wires is plain Node
// (electron/main/services) except the adapters imported here.
import { app, BrowserWindow, dialog, shell } from 'electron';
import { dirname, join } from 'node:path';
import { createHandlers } from './ipc/handlers';
import { registerIpcHandlers } from './ipc/register-electron';
import { unpackedPath, VerifiedEngineLauncher } from './services/engine-host/verified-launcher';
import { createMainServices, type MainServices } from './services/main-services';
import { DataFolderLock, describeHolder } from './services/storage/data-folder-lock';
import {
  handleAppProtocol,
  handleMediaProtocol,
  mediaUrlFor,
  registerSchemes,
} from './adapters/app-protocol';
import { createAppMenu } from './adapters/app-menu';
import { SafeStorageSecretStorage } from './adapters/safe-storage';
import { UtilityProcessEngineLauncher } from './adapters/utility-engine-launcher';
import { electronNoticeDisplay } from './adapters/notice-display';
import { isAllowedExternalUrl } from './services/external-links';
import { CloseHandshake } from './services/window-close/close-handshake';
import { createMainWindow, holdCloseForSaves, isTrustedFrame } from './window';

const outDir = join(__dirname, '..');
/** SHA-256 of out/engine/cli.mjs, written in by scripts/build.mjs. */
declare const __SOUNDSTAGE_ENGINE_SHA256__: string;
const engineDir = unpackedPath(join(outDir, 'engine'));
// extraResources puts the assets (SoundFont, sample media) in resources/ when packaged
// (docs/decisions/076-packaging-layout.md); in development they are the repository's assets/.
const assetsDir = (): string =>
  app.isPackaged ? process.resourcesPath : join(outDir, '..', 'assets');
registerSchemes();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let services: MainServices | null = null;
  let folderLock: DataFolderLock | null = null;
  let disposed = false;

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });

  // No page may open other windows or attach webviews, whatever created it.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  app.on('window-all-closed', () => app.quit());
  // Quit only once the job ledger's last write is on disk and the data folder is unlocked.
  let disposing: Promise<void> | null = null;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposing ??= (async () => {
      await services?.dispose().catch((error: unknown) => console.log(`dispose: ${String(error)}`));
      await folderLock?.release().catch(() => undefined);
      disposed = true;
      app.quit();
    })();
  });

  void app.whenReady().then(async () => {
    const userDataDir = app.getPath('userData');
    const log = (line: string) => console.log(line);
    // Another process (e.g. browser mode) may own this data folder; the single-instance lock
    // above only covers other Electron instances. Taken before the job ledger is read.
    const locked = await DataFolderLock.acquire(userDataDir);
    if (!locked.ok) {
      dialog.showErrorBox(
        'Soundstage is already running',
        describeHolder(locked.holder, userDataDir),
      );
      disposed = true;
      app.quit();
      return;
    }
    folderLock = locked.lock;
    services = await createMainServices({
      userDataDir,
      homeDir: app.getPath('home'),
      // The install folder (resources/ sits in it; on macOS, the bundle's Contents).
      appDir: app.isPackaged ? dirname(process.resourcesPath) : join(outDir, '..'),
      uploadsDir: join(userDataDir, 'uploads'),
      clientVersion: app.getVersion(),
      engineLauncher: new VerifiedEngineLauncher(
        new UtilityProcessEngineLauncher(engineDir, log, { assetsDir: assetsDir() }),
        join(engineDir, 'cli.mjs'),
        __SOUNDSTAGE_ENGINE_SHA256__,
      ),
      secretStorage: new SafeStorageSecretStorage(join(userDataDir, 'api-key.enc')),
      // The encrypted key lives in the user data folder, which previews may read: keep it out.
      secretFiles: [join(userDataDir, 'api-key.enc')],
      emit: (channel, payload) => window?.webContents.send(channel, payload),
      noticeDisplay: electronNoticeDisplay(() => window),
      log,
    });
    // Menu choices go back to the page, where the same command registry as the keys runs them.
    const closeHandshake = new CloseHandshake();
    const appMenu = createAppMenu((id) => window?.webContents.send('menu:command', { id }));
    const ipc = createHandlers({
      services,
      log,
      platform: {
        mediaUrlFor,
        showSaveDialog: async (suggestedName) => {
          const result = await dialog.showSaveDialog({ defaultPath: suggestedName });
          return result.canceled || !result.filePath ? null : result.filePath;
        },
        revealInFolder: (path) => shell.showItemInFolder(path),
        openPath: async (path) => (await shell.openPath(path)) === '',
        pickFiles: async (kind, multiple) => {
          const filters = {
            video: [{ name: 'Video', extensions: ['mp4', 'mov', 'webm', 'm4v', 'gif', 'mkv'] }],
            audio: [{ name: 'Audio', extensions: ['wav', 'mp3', 'm4a', 'aac', 'ogg', 'flac'] }],
            subtitle: [{ name: 'Subtitles', extensions: ['srt', 'vtt'] }],
          }[kind];
          const result = await dialog.showOpenDialog({
            filters,
            properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
          });
          return result.canceled ? [] : result.filePaths;
        },
        pickFolder: async (_typedPath, current) => {
          const result = await dialog.showOpenDialog({
            title: 'Choose the project folder',
            defaultPath: current,
            properties: ['openDirectory', 'createDirectory'],
          });
          return result.canceled ? null : (result.filePaths[0] ?? null);
        },
        openExternal: async (url) => {
          if (!isAllowedExternalUrl(url)) return false;
          await shell.openExternal(url);
          return true;
        },
        setMenuCommands: appMenu.setCommands,
        pageReadyToClose: (client) => closeHandshake.pageReady(client),
      },
    });
    handleAppProtocol(join(outDir, 'renderer'));
    handleMediaProtocol(ipc.allowMediaPath);
    registerIpcHandlers(ipc.dispatch, isTrustedFrame, ipc.dispatchPreload, ipc.releaseClient);
    window = createMainWindow(join(outDir, 'preload'));
    holdCloseForSaves(window, closeHandshake);
  });
}
