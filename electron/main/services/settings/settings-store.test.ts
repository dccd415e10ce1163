import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateSettings } from './migrations';
import { defaultSettings, SETTINGS_FILE, SettingsStore } from './settings-store';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'settings-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const project = '/home/someone/Soundstage';

describe('SettingsStore', () => {
  it('starts from the defaults: local engine, <home>/Soundstage, two jobs at once', async () => {
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    expect(await store.load()).toEqual({
      version: 2,
      engine: { kind: 'local' },
      projectFolder: project,
      maxConcurrentJobs: 2,
      toolPaths: {},
    });
  });

  it('saves valid updates atomically and reads them back', async () => {
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    await store.load();
    const updated = await store.update({
      engine: { kind: 'custom', baseUrl: 'https://api.example.com/v1/' },
      maxConcurrentJobs: 4,
    });
    expect(updated).toEqual({
      ok: true,
      value: {
        version: 2,
        engine: { kind: 'custom', baseUrl: 'https://api.example.com' },
        projectFolder: project,
        maxConcurrentJobs: 4,
        toolPaths: {},
      },
    });
    const again = new SettingsStore({ dir, defaultProjectFolder: '/elsewhere' });
    expect((await again.load()).engine).toEqual({
      kind: 'custom',
      baseUrl: 'https://api.example.com',
    });
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    [{ engine: { kind: 'custom', baseUrl: 'http://api.example.com' } }, 'engine.baseUrl', /https/],
    [{ engine: { kind: 'custom', baseUrl: 'ftp://api.example.com' } }, 'engine.baseUrl', /http/],
    [{ engine: { kind: 'custom', baseUrl: 'api.example.com' } }, 'engine.baseUrl', /full URL/],
    [{ projectFolder: 'relative/folder' }, 'projectFolder', /absolute/],
    [{ maxConcurrentJobs: 0 }, 'maxConcurrentJobs', /./],
    [{ colour: 'blue' }, '', /./],
  ])('rejects %j with a message at the field', async (patch, field, message) => {
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    await store.load();
    const result = await store.update(patch);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_setting');
    if (field) expect(result.error.field).toBe(field);
    expect(result.error.message).toMatch(message);
    expect(store.get()).toEqual(defaultSettings(project));
  });

  it('allows plain http only for this machine', async () => {
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    await store.load();
    for (const baseUrl of [
      'http://127.0.0.1:8787',
      'http://localhost:3000/api',
      'http://[::1]:9000',
    ]) {
      expect((await store.update({ engine: { kind: 'custom', baseUrl } })).ok).toBe(true);
    }
  });

  it('migrates a v0 file to the current version and rewrites it', async () => {
    await fs.writeFile(
      path.join(dir, SETTINGS_FILE),
      JSON.stringify({
        useLocalEngine: false,
        baseUrl: 'https://api.example.com/',
        projectDir: '/data/projects',
        concurrency: 3,
      }),
    );
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    expect(await store.load()).toEqual({
      version: 2,
      engine: { kind: 'custom', baseUrl: 'https://api.example.com/' },
      projectFolder: '/data/projects',
      maxConcurrentJobs: 3,
      toolPaths: {},
    });
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SETTINGS_FILE), 'utf8')) as {
      version: number;
    };
    expect(onDisk.version).toBe(2);
  });

  it('migrates a v1 file to v2 with no tool paths set, and keeps paths set later', async () => {
    await fs.writeFile(
      path.join(dir, SETTINGS_FILE),
      JSON.stringify({
        version: 1,
        engine: { kind: 'local' },
        projectFolder: '/data/projects',
        maxConcurrentJobs: 3,
      }),
    );
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    expect((await store.load()).toolPaths).toEqual({});
    expect((await store.update({ toolPaths: { ffmpeg: '/opt/ffmpeg/bin/ffmpeg' } })).ok).toBe(true);
    const again = new SettingsStore({ dir, defaultProjectFolder: project });
    expect(await again.load()).toMatchObject({
      version: 2,
      maxConcurrentJobs: 3,
      toolPaths: { ffmpeg: '/opt/ffmpeg/bin/ffmpeg' },
    });
  });

  it('repairs invalid fields field by field and survives a corrupt file', async () => {
    const defaults = defaultSettings(project);
    const repaired = migrateSettings(
      { version: 1, engine: { kind: 'warp' }, projectFolder: '/p', maxConcurrentJobs: 99 },
      defaults,
    );
    expect(repaired.settings).toEqual({ ...defaults, projectFolder: '/p' });
    expect(repaired.repaired.sort()).toEqual(['engine', 'maxConcurrentJobs']);
    await fs.writeFile(path.join(dir, SETTINGS_FILE), '{"version": 1, "engi');
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    expect(await store.load()).toEqual(defaults);
  });

  it('keeps the file readable by this user only', async () => {
    const store = new SettingsStore({ dir, defaultProjectFolder: project });
    await store.load();
    expect((await store.update({ maxConcurrentJobs: 3 })).ok).toBe(true);
    const info = await fs.stat(path.join(dir, SETTINGS_FILE));
    expect(info.mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, SETTINGS_FILE), 'utf8')) as {
      maxConcurrentJobs: number;
    };
    expect(onDisk.maxConcurrentJobs).toBe(3);
  });

  it('answers settings_not_saved, and keeps the old settings, when the folder is unusable', async () => {
    // A plain file where the settings folder should be: no store can be opened under it.
    const blocker = path.join(dir, 'not-a-folder');
    await fs.writeFile(blocker, 'x');
    const store = new SettingsStore({
      dir: path.join(blocker, 'user-data'),
      defaultProjectFolder: project,
    });
    expect(await store.load()).toEqual(defaultSettings(project));
    const result = await store.update({ maxConcurrentJobs: 5 });
    expect(result.ok ? 'saved' : result.error.code).toBe('settings_not_saved');
    expect(store.get()).toEqual(defaultSettings(project));
  });
});
