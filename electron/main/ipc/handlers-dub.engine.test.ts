import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../engine/testing/harness';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';
import { toolPath } from '../../../shared/node/toolchain';

/** The dub:* channels through createHandlers' dispatch, on main's real services and engine. */
const appRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let services: MainServices;
let ipc: IpcHandlers;
const events: { channel: string; payload: unknown }[] = [];
let projectFolder: string;

beforeAll(async () => {
  base = await fs.realpath(await tempDir('handlers-dub-'));
  projectFolder = path.join(base, 'home', 'Soundstage');
  await fs.mkdir(path.join(projectFolder, 'in'), { recursive: true });
  services = await createMainServices({
    userDataDir: path.join(base, 'userData'),
    homeDir: path.join(base, 'home'),
    uploadsDir: path.join(base, 'uploads'),
    clientVersion: '0.1.0-test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(base, 'userData', 'api-key')),
    emit: (channel, payload) => events.push({ channel, payload }),
    pollIntervalMs: 200,
  });
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
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=10:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    path.join(projectFolder, 'in', 'clip.mp4'),
  ]);
  await fs.writeFile(
    path.join(projectFolder, 'in', 'clip.es.srt'),
    '1\n00:00:00,000 --> 00:00:01,500\nHola a todos, bienvenidos a nuestro video de hoy.\n',
  );
  await fs.writeFile(path.join(projectFolder, 'in', 'notes.txt'), 'x');
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  await fs.rm(base, { recursive: true, force: true });
});

describe('dub:* through dispatch', () => {
  it('sorts a folder in the project and refuses a path outside the app folders', async () => {
    const added = await ipc.dispatch('dub:addPaths', { paths: [path.join(projectFolder, 'in')] });
    expect(added).toMatchObject({
      ok: true,
      value: {
        videos: [path.join(projectFolder, 'in', 'clip.mp4')],
        scripts: [path.join(projectFolder, 'in', 'clip.es.srt')],
        skipped: [{ path: path.join(projectFolder, 'in', 'notes.txt') }],
      },
    });
    // The contract's path rule refuses the request before the handler walks anything.
    const outside = await ipc.dispatch('dub:addPaths', { paths: ['/etc'] });
    expect(outside).toMatchObject({ ok: false, error: { code: 'path_not_allowed' } });
    const bad = await ipc.dispatch('dub:addPaths', { paths: [] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('answers facts of a real video and script', async () => {
    const facts = await ipc.dispatch('dub:facts', {
      videos: [path.join(projectFolder, 'in', 'clip.mp4')],
      scripts: [{ path: path.join(projectFolder, 'in', 'clip.es.srt') }],
    });
    if (!facts.ok) throw new Error(facts.error.message);
    const value = facts.value as {
      videos: { durationSeconds: number; hasVideo: boolean }[];
      scripts: { cueCount: number }[];
    };
    expect(value.videos[0]!.hasVideo).toBe(true);
    expect(value.videos[0]!.durationSeconds).toBeCloseTo(2, 0);
    expect(value.scripts[0]!.cueCount).toBe(1);
  });

  it('pauses and resumes the queue, pushing dub:queueChanged each time', async () => {
    const paused = await ipc.dispatch('dub:pause', {});
    expect(paused).toMatchObject({ ok: true, value: { paused: true, reason: 'user' } });
    const resumed = await ipc.dispatch('dub:resume', {});
    expect(resumed).toMatchObject({ ok: true, value: { paused: false, reason: null } });
    const pushed = events
      .filter((e) => e.channel === 'dub:queueChanged')
      .map((e) => (e.payload as { paused: boolean }).paused);
    // Pacing moves push it too; the pause and the resume come in that order.
    const pausedAt = pushed.indexOf(true);
    expect(pausedAt).toBeGreaterThanOrEqual(0);
    expect(pushed.slice(pausedAt + 1)).toContain(false);
    expect(pushed.at(-1)).toBe(false);
  });
});
