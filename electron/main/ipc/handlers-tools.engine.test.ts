import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolsView } from '../../../shared/ipc/channels/tools';
import { tempDir } from '../../../engine/testing/harness';
import { bundledToolPath } from '../../../shared/node/toolchain';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';

/**
 * tools:* end to end: main behind createHandlers with the real engine CLI. A path is kept only
 * when the file identifies as the tool, reaches main's toolchain at once and the engine through
 * its environment after the restart; clearing it brings back the bundled copy.
 */
const appRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let services: MainServices;
let ipc: IpcHandlers;

beforeAll(async () => {
  base = await fs.realpath(await tempDir('handlers-tools-'));
  const dir = (name: string) => path.join(base, name);
  for (const name of ['userData', 'home', 'uploads'])
    await fs.mkdir(dir(name), { recursive: true });
  services = await createMainServices({
    userDataDir: dir('userData'),
    homeDir: dir('home'),
    uploadsDir: dir('uploads'),
    clientVersion: '0.1.0-test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(dir('userData'), 'api-key')),
    emit: () => undefined,
  });
  ipc = createHandlers({
    services,
    platform: {
      mediaUrlFor: (p) => p,
      showSaveDialog: async () => null,
      revealInFolder: () => undefined,
      openPath: async () => false,
      pickFiles: async () => [],
      pickFolder: async () => null,
      openExternal: () => false,
    },
  });
});
afterAll(async () => {
  await services?.dispose();
  await fs.rm(base, { recursive: true, force: true });
});

async function view(refresh = false): Promise<ToolsView> {
  const answer = await ipc.dispatch('tools:capabilities', { refresh });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as ToolsView;
}

const row = (rows: ToolsView['mainTools'], name: string) => rows.find((r) => r.name === name)!;

describe('tools:capabilities and tools:setPath', () => {
  it('shows the engine table and main tools, ffmpeg from the bundled copy', async () => {
    const current = await view();
    expect(current.engine).toBe('local');
    expect(current.note).toBeNull();
    expect(current.table?.media.available).toBe(true);
    expect(row(current.table!.tools, 'ffmpeg').source).toBe('bundled');
    expect(row(current.mainTools, 'ffmpeg').source).toBe('bundled');
    expect(current.toolPaths).toEqual({});
  });

  it('refuses a file that is not the tool, at the field, and keeps nothing', async () => {
    const wrong = await ipc.dispatch('tools:setPath', { tool: 'ffmpeg', path: '/bin/echo' });
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(wrong.error.code).toBe('invalid_setting');
    expect(wrong.error.field).toBe('toolPaths.ffmpeg');
    expect(wrong.error.message).toMatch(/does not identify itself as ffmpeg/);
    const relative = await ipc.dispatch('tools:setPath', { tool: 'ffmpeg', path: 'ffmpeg' });
    expect(relative.ok || relative.error.message).toMatch(/full path/);
    const unknown = await ipc.dispatch('tools:setPath', { tool: 'photoshop', path: '/bin/echo' });
    expect(unknown.ok).toBe(false);
    expect(services.settings.get().toolPaths).toEqual({});
  });

  it('keeps a real copy, for main at once and for the engine after its restart; clear restores the bundled one', async () => {
    // A copy of the bundled ffmpeg at another path: a real program the user could pick, and
    // present on every machine (a system ffmpeg is optional).
    const bundled = bundledToolPath('ffmpeg', process.platform, process.arch);
    expect(bundled, 'the bundled ffmpeg is part of every install').toBeTruthy();
    const userFfmpeg = path.join(
      base,
      process.platform === 'win32' ? 'my-ffmpeg.exe' : 'my-ffmpeg',
    );
    await fs.copyFile(bundled!, userFfmpeg);
    await fs.chmod(userFfmpeg, 0o755);
    const set = await ipc.dispatch('tools:setPath', { tool: 'ffmpeg', path: userFfmpeg });
    expect(set.ok, set.ok ? '' : set.error.message).toBe(true);
    const after = set.ok ? (set.value as ToolsView) : null;
    expect(after?.toolPaths).toEqual({ ffmpeg: userFfmpeg });
    expect(row(after!.mainTools, 'ffmpeg')).toMatchObject({
      source: 'setting',
      path: userFfmpeg,
    });
    expect(row(after!.table!.tools, 'ffmpeg')).toMatchObject({
      source: 'setting',
      path: userFfmpeg,
    });
    expect(services.settings.get().toolPaths).toEqual({ ffmpeg: userFfmpeg });

    const cleared = await ipc.dispatch('tools:setPath', { tool: 'ffmpeg', path: null });
    expect(cleared.ok).toBe(true);
    const now = await view(true);
    expect(now.toolPaths).toEqual({});
    expect(row(now.mainTools, 'ffmpeg').source).toBe('bundled');
    expect(row(now.table!.tools, 'ffmpeg').source).toBe('bundled');
  });
});
