import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';

/**
 * Main, not the renderer, decides which files are reachable: the IPC dispatcher over main's real
 * services (a custom service URL is stored, so no engine starts; none of these calls needs one).
 */
const appRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let services: MainServices;
let ipc: IpcHandlers;
const dirs = { home: '', userData: '', uploads: '', outside: '' };
const opened: string[] = [];
let folderAnswer: string | null = null;

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'ipc-files-')));
  dirs.home = path.join(base, 'home');
  dirs.userData = path.join(dirs.home, '.config', 'Soundstage');
  dirs.uploads = path.join(dirs.userData, 'uploads');
  dirs.outside = path.join(base, 'outside');
  for (const dir of Object.values(dirs)) await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dirs.userData, 'settings.json'),
    JSON.stringify({
      version: 1,
      engine: { kind: 'custom', baseUrl: 'http://127.0.0.1:9' },
      projectFolder: path.join(dirs.home, 'Soundstage'),
      maxConcurrentJobs: 2,
    }),
  );
  await fs.writeFile(path.join(dirs.outside, 'picked.mp4'), 'v');
  await fs.mkdir(path.join(dirs.uploads, 'f00d'));
  await fs.writeFile(path.join(dirs.uploads, 'f00d', 'dropped.mp4'), 'u');
  services = await createMainServices({
    userDataDir: dirs.userData,
    homeDir: dirs.home,
    uploadsDir: dirs.uploads,
    clientVersion: 'test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(dirs.userData, 'api-key')),
    emit: () => undefined,
  });
  ipc = createHandlers({
    services,
    platform: {
      mediaUrlFor: (p) => `media://local/?path=${encodeURIComponent(p)}`,
      showSaveDialog: async () => null,
      revealInFolder: () => undefined,
      openPath: async (p) => (opened.push(p), true),
      pickFiles: async () => [path.join(dirs.outside, 'picked.mp4')],
      pickFolder: async (typed) => folderAnswer ?? typed,
      openExternal: () => true,
    },
  });
});
afterAll(async () => {
  await services?.dispose();
  await fs.rm(base, { recursive: true, force: true });
});

const refused = { ok: false, error: { code: 'path_not_allowed' } };

describe('which files the renderer can reach', () => {
  it('rejects a project folder sent through settings:update, and /etc/passwd stays out of reach', async () => {
    const widened = await ipc.dispatch('settings:update', { projectFolder: '/' });
    expect(widened).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(services.settings.get().projectFolder).toBe(path.join(dirs.home, 'Soundstage'));
    expect(await ipc.dispatch('media:url', { path: '/etc/passwd' })).toMatchObject(refused);
    expect(await ipc.dispatch('files:open', { path: '/etc/passwd' })).toMatchObject(refused);
    expect(await ipc.dispatch('media:probe', { path: '/etc/passwd' })).toMatchObject(refused);
    expect(opened).toEqual([]);
  });

  it("keeps the app's own files (settings, key) out of reach", async () => {
    await fs.writeFile(path.join(dirs.userData, 'api-key'), 'sk_live_in_a_file');
    for (const name of ['settings.json', 'api-key']) {
      const file = path.join(dirs.userData, name);
      expect(await ipc.dispatch('media:url', { path: file })).toMatchObject(refused);
    }
  });

  it('allows a file the user picked: preview and open', async () => {
    const picked = path.join(dirs.outside, 'picked.mp4');
    expect(await ipc.dispatch('media:url', { path: picked })).toMatchObject(refused);
    expect(await ipc.dispatch('files:pick', { kind: 'video', multiple: false })).toEqual({
      ok: true,
      value: { paths: [picked] },
    });
    expect(await ipc.dispatch('media:url', { path: picked })).toEqual({
      ok: true,
      value: { url: `media://local/?path=${encodeURIComponent(picked)}` },
    });
    expect(await ipc.dispatch('files:open', { path: picked })).toEqual({
      ok: true,
      value: { opened: true },
    });
  });

  it('counts browser-mode uploads as picked, and opens no other file of the project folder', async () => {
    const uploaded = path.join(dirs.uploads, 'f00d', 'dropped.mp4');
    expect((await ipc.dispatch('files:open', { path: uploaded })).ok).toBe(true);
    const stray = path.join(dirs.home, 'Soundstage', 'run-me.sh');
    await fs.mkdir(path.dirname(stray), { recursive: true });
    await fs.writeFile(stray, '#!/bin/sh\n');
    expect((await ipc.dispatch('media:url', { path: stray })).ok).toBe(true);
    expect(await ipc.dispatch('files:open', { path: stray })).toMatchObject(refused);
  });

  it('changes the project folder only through settings:chooseProjectFolder, by its rules', async () => {
    for (const typedPath of [
      '/',
      '/etc',
      '/usr/share',
      dirs.home,
      'relative/dir',
      path.dirname(dirs.userData),
    ]) {
      expect(await ipc.dispatch('settings:chooseProjectFolder', { typedPath })).toMatchObject({
        ok: false,
        error: { code: 'invalid_setting', field: 'projectFolder' },
      });
    }
    expect(services.settings.get().projectFolder).toBe(path.join(dirs.home, 'Soundstage'));
    // Canceled picker: nothing changes.
    expect(await ipc.dispatch('settings:chooseProjectFolder', {})).toMatchObject({
      ok: true,
      value: { chosen: false },
    });
    const wanted = path.join(dirs.home, 'Films', 'Scores');
    const chosen = await ipc.dispatch('settings:chooseProjectFolder', { typedPath: wanted });
    expect(chosen).toMatchObject({
      ok: true,
      value: { chosen: true, settings: { projectFolder: wanted } },
    });
    expect((await fs.stat(wanted)).isDirectory()).toBe(true);
    await fs.writeFile(path.join(wanted, 'take.m4a'), 'a');
    expect((await ipc.dispatch('media:url', { path: path.join(wanted, 'take.m4a') })).ok).toBe(
      true,
    );
    // The folder the picker answers is checked too (Electron ignores the typed path).
    folderAnswer = '/etc';
    expect((await ipc.dispatch('settings:chooseProjectFolder', { typedPath: wanted })).ok).toBe(
      false,
    );
    folderAnswer = null;
  });

  it('registers dropped files only through the preload channel, and only regular files', async () => {
    const dropped = path.join(dirs.outside, 'dropped-here.wav');
    await fs.writeFile(dropped, 'd');
    expect(await ipc.dispatch('files:registerDropped', { path: dropped })).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect((await ipc.dispatchPreload('files:registerDropped', { path: '/etc' })).ok).toBe(false);
    expect((await ipc.dispatchPreload('files:registerDropped', { path: '/dev/null' })).ok).toBe(
      false,
    );
    expect(await ipc.dispatchPreload('files:registerDropped', { path: dropped })).toEqual({
      ok: true,
      value: { path: dropped },
    });
    expect((await ipc.dispatch('media:url', { path: dropped })).ok).toBe(true);
  });

  it('answers opened:false for links it refuses', async () => {
    for (const url of [
      'http://sonilo.ai/x',
      'https://example.com/billing',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(await ipc.dispatch('shell:openExternal', { url })).toEqual({
        ok: true,
        value: { opened: false },
      });
    }
    expect(
      await ipc.dispatch('shell:openExternal', { url: 'https://docs.sonilo.ai/billing' }),
    ).toEqual({
      ok: true,
      value: { opened: true },
    });
  });

  it('writes settings 0600', async () => {
    expect((await fs.stat(path.join(dirs.userData, 'settings.json'))).mode & 0o777).toBe(0o600);
  });
});
