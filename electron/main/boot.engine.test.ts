import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOAD_CHANNEL_NAMES, REQUEST_CHANNEL_NAMES } from '../../shared/ipc/contract';
import { bootMain, descendantsOf, isAlive, until, type BootedMain } from './__tests__/boot-main';
import { electronEvent } from './__tests__/electron-stand-in';

/**
 * Boots the real main bundle under a recording stand-in for `electron` (see
 * __tests__/electron-stand-in.ts for what it forwards and what it cannot show) with the real
 * engine in a child process, and checks the wiring Electron would be given.
 */
let booted: BootedMain;
const appPage = 'app://soundstage/index.html';
const trustedFrame = { url: appPage, parent: null };

beforeAll(async () => {
  booted = await bootMain();
  await until('the main window', () => booted.electron.windows.length === 1);
}, 180_000);

afterAll(async () => {
  if (!booted) return;
  if (!booted.electron.app.hasQuit) booted.electron.app.quit();
  await until('quit', () => booted.electron.app.hasQuit).catch(() => undefined);
  for (const { child } of booted.electron.children) child.kill('SIGKILL');
  await booted.cleanUp();
});

type Handler = (event: unknown, request: unknown) => Promise<{ ok: boolean; value?: unknown }>;
/** Calls a channel's handler as the main window's page would: its frame and its contents. */
function handler(
  channel: string,
): (event: { senderFrame: unknown }, request: unknown) => ReturnType<Handler> {
  const found = booted.electron.ipc.handled.get(channel) as unknown as Handler | undefined;
  if (!found) throw new Error(`no handler for ${channel}`);
  return (event, request) =>
    found({ ...event, sender: booted.electron.windows[0]!.webContents }, request);
}

describe('main booted under the electron stand-in', () => {
  it('registers every channel of the IPC contract once, and nothing else', () => {
    const { handled, handleCalls, listeners } = booted.electron.ipc;
    const expected = [...REQUEST_CHANNEL_NAMES, ...PRELOAD_CHANNEL_NAMES].sort();
    expect([...handled.keys()].sort()).toEqual(expected);
    expect([...handleCalls].sort()).toEqual(expected);
    // No ipcMain.on listeners: a sync channel outside the contract would be a second door.
    expect(listeners.eventNames()).toEqual([]);
  });

  it('answers the app page and refuses any other frame', async () => {
    const settings = await handler('settings:get')({ senderFrame: trustedFrame }, {});
    expect(settings.ok).toBe(true);
    for (const senderFrame of [
      { url: 'https://evil.example/', parent: null },
      { url: appPage, parent: { url: appPage } },
      null,
    ]) {
      expect(await handler('settings:get')({ senderFrame }, {})).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
  });

  it('opens one sandboxed, isolated window on the app origin with the built preload', () => {
    const [window] = booted.electron.windows;
    const prefs = window!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(prefs.webviewTag).not.toBe(true);
    expect(prefs.preload).toBe(path.join(booted.appDir, 'out', 'preload', 'index.cjs'));
    expect(window!.webContents.loadedUrls).toEqual([appPage]);
  });

  it('keeps the page on its origin: no foreign navigation, no new windows, no webviews', () => {
    const contents = booted.electron.windows[0]!.webContents;
    const navigate = (url: string) => {
      const event = electronEvent({ url, isSameDocument: false, isMainFrame: true, frame: null });
      // Electron 45 passes the details event and, deprecated, the same values by position.
      contents.emit('will-navigate', event, url, false, true, 1, 1);
      return event.defaultPrevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('app://soundstage.evil.example/index.html')).toBe(true);
    expect(navigate('app://soundstage/index.html#/dub')).toBe(false);

    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpenHandler?.({ url: 'https://github.com/' })).toEqual({
      action: 'deny',
    });
    // An allowlisted link goes to the system browser instead of a new window.
    expect(booted.electron.shellCalls).toContainEqual({
      call: 'openExternal',
      arg: 'https://github.com/',
    });
    expect(booted.electron.shellCalls.map((call) => call.arg)).not.toContain(
      'https://evil.example/',
    );

    const attach = electronEvent();
    contents.emit('will-attach-webview', attach, {}, { src: 'https://evil.example/' });
    expect(attach.defaultPrevented).toBe(true);
  });

  it('denies permissions to foreign origins and all but two to the app itself', async () => {
    const { permissionRequestHandler: request, permissionCheckHandler: check } =
      booted.electron.defaultSession;
    expect(request).toBeTypeOf('function');
    expect(check).toBeTypeOf('function');
    const requested = (permission: string, requestingUrl: string) =>
      new Promise<boolean>((resolve) =>
        request!(null, permission, resolve, { requestingUrl, isMainFrame: true }),
      );
    const denied = [
      'media',
      'display-capture',
      'geolocation',
      'notifications',
      'clipboard-read',
      'hid',
      'local-network-access',
    ];
    for (const permission of denied) {
      expect(await requested(permission, 'https://evil.example/')).toBe(false);
      expect(await requested(permission, appPage)).toBe(false);
      expect(check!(null, permission, 'https://evil.example', {})).toBe(false);
      expect(check!(null, permission, 'app://soundstage', {})).toBe(false);
    }
    expect(await requested('fullscreen', 'https://evil.example/')).toBe(false);
    expect(await requested('fullscreen', appPage)).toBe(true);
    expect(check!(null, 'clipboard-sanitized-write', 'app://soundstage', {})).toBe(true);
  });

  it('serves the app page with a strict Content-Security-Policy from its own protocol', async () => {
    const { protocols, privilegedSchemes } = booted.electron;
    expect(privilegedSchemes.map((scheme) => scheme.scheme).sort()).toEqual(['app', 'media']);
    const serve = protocols.get('app');
    expect(serve).toBeTypeOf('function');
    const response = await serve!(new Request(appPage));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    // Paths that climb out of the renderer folder are not served.
    const escape = await serve!(new Request('app://soundstage/..%2F..%2Fpackage.json'));
    expect(escape.status).toBe(404);
    // The media protocol serves only files main allows.
    const media = await protocols.get('media')!(
      new Request(`media://local/?path=${encodeURIComponent('/etc/passwd')}`),
    );
    expect(media.status).toBe(403);
  });

  it('starts the real engine as a utility process with its key and assets in the environment', async () => {
    const [engine] = booted.electron.children;
    expect(booted.electron.children).toHaveLength(1);
    expect(engine!.modulePath).toBe(path.join(booted.appDir, 'out', 'engine', 'cli.mjs'));
    expect(engine!.options.stdio).toBe('pipe');
    const env = engine!.options.env ?? {};
    expect(env.SOUNDSTAGE_ENGINE_KEY).toMatch(/\w{16,}/);
    expect(env.SOUNDSTAGE_ASSETS_DIR).toBe(path.join(booted.appDir, 'assets'));
    // The key never goes on the command line, which other local users can read.
    expect(engine!.args.join(' ')).not.toContain(env.SOUNDSTAGE_ENGINE_KEY);
    const status = await handler('engine:status')({ senderFrame: trustedFrame }, {});
    expect(status).toMatchObject({ ok: true, value: { kind: 'local', state: 'running' } });
    expect(isAlive(engine!.child.pid!)).toBe(true);
  });

  it('stops the engine and every child process when the last window closes', async () => {
    const mainStarted = async () =>
      (await descendantsOf(process.pid)).filter((pid) => !booted.preexisting.includes(pid));
    const started = await mainStarted();
    const enginePid = booted.electron.children[0]!.child.pid!;
    if (process.platform === 'linux') expect(started).toContain(enginePid);
    const window = booted.electron.windows[0]!;
    const readyToClose = () => handler('window:readyToClose')({ senderFrame: trustedFrame }, {});
    // With no close under way, the page's answer holds nothing back.
    expect(await readyToClose()).toEqual({ ok: true, value: { closing: false } });
    window.close();
    // The close waits until the page has written its pending edits, then goes ahead.
    expect(window.closed).toBe(false);
    expect(window.webContents.sent).toContainEqual({ channel: 'window:closing', payload: {} });
    expect(booted.electron.app.hasQuit).toBe(false);
    expect(await readyToClose()).toEqual({ ok: true, value: { closing: true } });
    expect(window.closed).toBe(true);
    await until('the app to quit', () => booted.electron.app.hasQuit);
    // The quit waited for the engine: nothing main started is left running.
    expect(isAlive(enginePid)).toBe(false);
    for (const pid of started) expect(isAlive(pid)).toBe(false);
    expect(await mainStarted()).toEqual([]);
    expect(booted.electron.errorBoxes).toEqual([]);
  });
});
