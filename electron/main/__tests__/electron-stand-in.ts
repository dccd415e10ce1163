/**
 * A recording stand-in for the `electron` module, so the real main bundle can boot in plain Node
 * (the way Electron Fiddle tests its main process). It only records what main asks for and
 * forwards what has a plain-Node equivalent; it decides nothing for main.
 *
 * What it forwards for real:
 * - `utilityProcess.fork` starts a real Node child process with the same module, arguments,
 *   environment and stdio choice, so the real engine runs (Electron's own Node is replaced by
 *   `process.execPath`; `serviceName` has no equivalent).
 * - `net.fetch` reads `file:` URLs from disk (as Electron's does) and passes other URLs to
 *   Node's fetch.
 * - `app.quit()` runs Electron's quit order: `before-quit`, every window closed, `will-quit`,
 *   then `quit`; a `preventDefault()` on `before-quit` or `will-quit` cancels it, as in Electron,
 *   and so does a window whose `close` is prevented. Closing the last window otherwise emits
 *   `window-all-closed`.
 * - `BrowserWindow.close()` emits a cancelable `close` first, as Electron's does; `destroy()`
 *   closes without it.
 *
 * What it mirrors from Electron's rules (so a wiring mistake fails here too):
 * - `ipcMain.handle` throws on a second handler for a channel.
 * - `protocol.registerSchemesAsPrivileged` throws after `ready`; `protocol.handle` throws before
 *   `ready` and on a scheme already handled.
 * - `app.getPath` throws on a name it does not know.
 * - Reading an export this stand-in does not provide throws, naming it: a new Electron API in
 *   main must be added here deliberately rather than silently be `undefined`.
 *
 * Limits (what this cannot show): no Chromium runs, so no page loads, no CSP is enforced, no
 * navigation or permission request happens by itself (tests call the recorded handlers), no
 * window is drawn; `safeStorage` reports no keychain (like a Linux session without one);
 * dialogs answer "canceled"; `shell` calls are recorded, not performed; fuses do not exist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type Listener = (...args: never[]) => unknown;
type ProtocolHandler = (request: Request) => Response | Promise<Response>;
export type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
) => void;
export type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean;

/** A cancelable Electron event: `preventDefault()` and `defaultPrevented`, plus params. */
export function electronEvent<P extends object>(params: P = {} as P) {
  const event = {
    ...params,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

export class StandInSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
}

let nextWebContentsId = 1;

export class StandInWebContents extends EventEmitter {
  /** Unique per contents, as Electron's: main keys each window's IPC client by it. */
  readonly id = nextWebContentsId++;
  /** The handler Electron would consult; a later call replaces an earlier one, as in Electron. */
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: { channel: string; payload: unknown }[] = [];
  readonly loadedUrls: string[] = [];
  constructor(readonly session: StandInSession) {
    super();
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  /** No page ever loads here (see Limits): never loading, never crashed. */
  isLoading(): boolean {
    return false;
  }
  isCrashed(): boolean {
    return false;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
  }
}

export interface StandInChild {
  modulePath: string;
  args: string[];
  options: { env?: Record<string, string | undefined>; stdio?: unknown; serviceName?: string };
  child: ChildProcess;
}

export interface StandInOptions {
  paths: Record<string, string>;
  version: string;
  name: string;
}

/** Builds the stand-in module and what it recorded; one per booted main. */
export function createElectronStandIn(options: StandInOptions) {
  let ready = false;
  const windows: StandInWindow[] = [];
  const children: StandInChild[] = [];
  const handled = new Map<string, Listener>();
  const handleCalls: string[] = [];
  const privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[] = [];
  const protocols = new Map<string, ProtocolHandler>();
  const errorBoxes: { title: string; content: string }[] = [];
  const menus: unknown[] = [];
  const shellCalls: { call: string; arg: string }[] = [];
  const defaultSession = new StandInSession();

  class StandInApp extends EventEmitter {
    readonly isPackaged = false;
    quitRequests = 0;
    hasQuit = false;
    /** Set once quit() closes the windows: Electron then skips `window-all-closed`. */
    quitting = false;
    private readonly whenReadyPromise: Promise<void>;
    private resolveReady: () => void = () => undefined;
    constructor() {
      super();
      this.whenReadyPromise = new Promise((resolve) => (this.resolveReady = resolve));
    }
    /** Called by the loader once main's first run is over, as Electron's startup would. */
    becomeReady(): void {
      setImmediate(() => {
        ready = true;
        this.emit('ready', electronEvent(), {});
        this.resolveReady();
      });
    }
    requestSingleInstanceLock(): boolean {
      return true;
    }
    whenReady(): Promise<void> {
      return this.whenReadyPromise;
    }
    isReady(): boolean {
      return ready;
    }
    getPath(name: string): string {
      const path = options.paths[name];
      if (!path) throw new Error(`Failed to get '${name}' path`);
      return path;
    }
    getVersion(): string {
      return options.version;
    }
    getName(): string {
      return options.name;
    }
    quit(): void {
      this.quitRequests += 1;
      if (this.hasQuit) return;
      const before = electronEvent();
      this.emit('before-quit', before);
      if (before.defaultPrevented) return;
      this.quitting = true;
      for (const window of [...windows]) window.close();
      // A window that kept itself open (its `close` prevented) cancels the quit.
      if (windows.length > 0) {
        this.quitting = false;
        return;
      }
      const will = electronEvent();
      this.emit('will-quit', will);
      if (will.defaultPrevented) return;
      this.hasQuit = true;
      this.emit('quit', electronEvent(), 0);
    }
  }
  const app = new StandInApp();

  class StandInWindow extends EventEmitter {
    readonly webContents = new StandInWebContents(defaultSession);
    shown = false;
    closed = false;
    progress: number | null = null;
    constructor(readonly options: Record<string, unknown>) {
      super();
      if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
      windows.push(this);
      // Electron announces every new WebContents while the window is being constructed.
      app.emit('web-contents-created', electronEvent(), this.webContents);
    }
    show(): void {
      this.shown = true;
    }
    isMinimized(): boolean {
      return false;
    }
    restore(): void {}
    focus(): void {}
    setProgressBar(fraction: number): void {
      this.progress = fraction;
    }
    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url);
    }
    isDestroyed(): boolean {
      return this.closed;
    }
    close(): void {
      if (this.closed) return;
      const close = electronEvent();
      this.emit('close', close);
      if (close.defaultPrevented) return;
      this.destroy();
    }
    destroy(): void {
      if (this.closed) return;
      this.closed = true;
      windows.splice(windows.indexOf(this), 1);
      this.emit('closed');
      if (windows.length === 0 && !app.quitting) app.emit('window-all-closed', electronEvent());
    }
  }

  const ipcMain = Object.assign(new EventEmitter(), {
    handle(channel: string, listener: Listener): void {
      handleCalls.push(channel);
      if (handled.has(channel)) {
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      }
      handled.set(channel, listener);
    },
    handleOnce(channel: string, listener: Listener): void {
      ipcMain.handle(channel, listener);
    },
    removeHandler(channel: string): void {
      handled.delete(channel);
    },
  });

  const protocol = {
    registerSchemesAsPrivileged(schemes: typeof privilegedSchemes): void {
      if (ready) {
        throw new Error(
          'protocol.registerSchemesAsPrivileged should be called before app is ready',
        );
      }
      privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, handler: ProtocolHandler): void {
      if (!ready) throw new Error('protocol.handle can only be used after app is ready');
      if (protocols.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
      protocols.set(scheme, handler);
    },
    unhandle(scheme: string): void {
      protocols.delete(scheme);
    },
    isProtocolHandled(scheme: string): boolean {
      return protocols.has(scheme);
    },
  };

  const net = {
    async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
      const url = typeof input === 'string' ? input : input.url;
      if (!url.startsWith('file:')) return fetch(input, init);
      try {
        return new Response(await readFile(fileURLToPath(url)), { status: 200 });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  };

  const utilityProcess = {
    fork(modulePath: string, args: string[] = [], forkOptions: StandInChild['options'] = {}) {
      const pipe = forkOptions.stdio === 'pipe';
      const child = spawn(process.execPath, [modulePath, ...args], {
        env: forkOptions.env ?? process.env,
        stdio: ['ignore', pipe ? 'pipe' : 'inherit', pipe ? 'pipe' : 'inherit'],
      });
      children.push({ modulePath, args, options: forkOptions, child });
      const utility = Object.assign(new EventEmitter(), {
        get pid() {
          return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
        },
        stdout: child.stdout,
        stderr: child.stderr,
        kill: () => child.kill(),
        postMessage: () => undefined,
      });
      child.once('spawn', () => utility.emit('spawn'));
      // Electron reports the exit code only; a signal death has no code of its own.
      child.once('exit', (code, signal) => utility.emit('exit', code ?? (signal ? 1 : 0)));
      return utility;
    },
  };

  const dialog = {
    showErrorBox(title: string, content: string): void {
      errorBoxes.push({ title, content });
    },
    showOpenDialog: async () => ({ canceled: true, filePaths: [] as string[] }),
    showSaveDialog: async () => ({ canceled: true, filePath: '' }),
  };

  const shell = {
    openExternal: async (url: string) => void shellCalls.push({ call: 'openExternal', arg: url }),
    showItemInFolder: (path: string) =>
      void shellCalls.push({ call: 'showItemInFolder', arg: path }),
    openPath: async (path: string) => {
      shellCalls.push({ call: 'openPath', arg: path });
      return '';
    },
  };

  const Menu = {
    buildFromTemplate: (template: unknown) => ({ template }),
    setApplicationMenu: (menu: unknown) => void menus.push(menu),
  };

  const noKeychain = () => Promise.reject(new Error('The stand-in has no OS keychain.'));
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => false,
    isEncryptionAvailable: () => false,
    getSelectedStorageBackend: () => 'unknown',
    encryptStringAsync: noKeychain,
    decryptStringAsync: noKeychain,
  };

  const Notification = Object.assign(function Notification() {}, { isSupported: () => false });

  const exports: Record<string, unknown> = {
    app,
    BrowserWindow: StandInWindow,
    ipcMain,
    protocol,
    net,
    utilityProcess,
    dialog,
    shell,
    Menu,
    safeStorage,
    Notification,
    session: { defaultSession },
  };
  const module = new Proxy(exports, {
    get(target, key) {
      if (typeof key !== 'string' || key in target) return target[key as string];
      if (key === '__esModule' || key === 'default' || key === 'then') return undefined;
      throw new Error(`The electron stand-in has no '${key}': add it to electron-stand-in.ts`);
    },
  });

  return {
    module,
    app,
    windows,
    children,
    ipc: { handled, handleCalls, listeners: ipcMain },
    privilegedSchemes,
    protocols,
    errorBoxes,
    menus,
    shellCalls,
    defaultSession,
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
