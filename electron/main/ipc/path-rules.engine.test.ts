import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../engine/testing/harness';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';

/**
 * The contract's path rules through dispatch, on main's real services: paths a compromised page
 * (or anyone holding the browser-mode token) names outside the app's folders are refused before
 * any upload, charge, copy or folder is made.
 */
const appRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let services: MainServices;
let ipc: IpcHandlers;
let projectFolder: string;
let outsideFile: string;

beforeAll(async () => {
  base = await fs.realpath(await tempDir('path-rules-'));
  projectFolder = path.join(base, 'home', 'Soundstage');
  await fs.mkdir(projectFolder, { recursive: true });
  outsideFile = path.join(base, 'elsewhere', 'private.mp4');
  await fs.mkdir(path.dirname(outsideFile), { recursive: true });
  await fs.writeFile(outsideFile, 'not for the app');
  await fs.symlink(outsideFile, path.join(projectFolder, 'link.mp4'));
  services = await createMainServices({
    userDataDir: path.join(base, 'userData'),
    homeDir: path.join(base, 'home'),
    uploadsDir: path.join(base, 'uploads'),
    clientVersion: '0.1.0-test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(base, 'userData', 'api-key')),
    emit: () => undefined,
    pollIntervalMs: 200,
  });
  await services.settings.update({ projectFolder });
  const none = async () => null;
  ipc = createHandlers({
    services,
    platform: {
      mediaUrlFor: (p) => p,
      showSaveDialog: none,
      revealInFolder: () => undefined,
      openPath: () => false,
      pickFiles: async () => [],
      pickFolder: none,
      openExternal: () => false,
    },
  });
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await fs.rm(base, { recursive: true, force: true });
});

describe('paths declared in the contract', () => {
  let projectPath = '';
  const project = () => projectPath;
  beforeAll(async () => {
    const created = await ipc.dispatch('project:create', { name: 'Batch' });
    if (!created.ok) throw new Error(created.error.message);
    projectPath = (created.value as { path: string }).path;
  });
  const start = (video: string) =>
    ipc.dispatch('dub:start', {
      projectPath: project(),
      videos: [video],
      scripts: [],
      settings: { languages: ['es'] },
    });

  it('refuses dub:start with a video outside the folders, by path, ../ or symlink', async () => {
    for (const video of [
      outsideFile,
      path.join(projectFolder, '..', '..', 'elsewhere', 'private.mp4'),
      path.join(projectFolder, 'link.mp4'),
      '/etc/passwd',
    ]) {
      const answer = await start(video);
      expect(answer, video).toMatchObject({
        ok: false,
        error: { code: 'path_not_allowed', field: 'videos' },
      });
    }
    expect(services.jobs.list()).toEqual([]);
  });

  it('refuses dub:exportAll into a folder outside and creates nothing', async () => {
    const target = path.join(base, 'elsewhere', 'exports');
    const answer = await ipc.dispatch('dub:exportAll', { projectPath: project(), folder: target });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed', field: 'folder' },
    });
    await expect(fs.stat(target)).rejects.toThrow();
  });

  it('refuses a project path outside, and a write over a file of another type', async () => {
    const outside = await ipc.dispatch('dub:status', { projectPath: outsideFile });
    expect(outside).toMatchObject({ ok: false, error: { code: 'path_not_allowed' } });
    const notes = path.join(projectFolder, 'notes.txt');
    await fs.writeFile(notes, 'keep me');
    const save = await ipc.dispatch('subtitles:write', {
      path: notes,
      format: 'srt',
      cues: [],
    });
    expect(save).toMatchObject({ ok: false, error: { code: 'path_not_allowed' } });
    expect(await fs.readFile(notes, 'utf8')).toBe('keep me');
  });

  it('still lets a video inside the project folder through to the handler', async () => {
    const inside = path.join(projectFolder, 'clip.mp4');
    await fs.writeFile(inside, 'x');
    const answer = await start(inside);
    // Past the path rule: the handler answers for itself.
    expect(answer.ok ? null : answer.error.code).not.toBe('path_not_allowed');
  });
});
