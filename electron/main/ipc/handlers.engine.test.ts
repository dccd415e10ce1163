import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/jobs/job';
import { eventChannels } from '../../../shared/ipc/contract';
import { startTestEngine, tempDir, type TestEngine } from '../../../engine/testing/harness';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';
import { toolPath } from '../../../shared/node/toolchain';

/**
 * The IPC surface end to end: createMainServices (settings, vault, engine host running the
 * real engine CLI, runner) behind createHandlers' dispatch, as Electron and browser mode use it.
 */
const appRoot = path.resolve(import.meta.dirname, '../../..');
let base: string;
let services: MainServices;
let ipc: IpcHandlers;
let cloud: TestEngine;
const events: { channel: string; payload: unknown }[] = [];
/** Re-checked on every push from main, so waits end on the event, not on a polling budget. */
const onEvent = new Set<() => void>();
const calls: string[] = [];
const dirs = { userData: '', home: '', uploads: '', outside: '' };

beforeAll(async () => {
  base = await fs.realpath(await tempDir('handlers-'));
  for (const name of ['userData', 'home', 'uploads', 'outside'] as const) {
    dirs[name] = path.join(base, name);
    await fs.mkdir(dirs[name], { recursive: true });
  }
  services = await createMainServices({
    userDataDir: dirs.userData,
    homeDir: dirs.home,
    uploadsDir: dirs.uploads,
    clientVersion: '0.1.0-test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(dirs.userData, 'api-key')),
    emit: (channel, payload) => {
      events.push({ channel, payload });
      for (const check of onEvent) check();
    },
    pollIntervalMs: 200,
  });
  ipc = createHandlers({
    services,
    platform: {
      mediaUrlFor: (p) => `media://local/?path=${encodeURIComponent(p)}`,
      showSaveDialog: async (name) => path.join(dirs.outside, `saved-${name}`),
      revealInFolder: (p) => void calls.push(`reveal ${p}`),
      openPath: async (p) => (calls.push(`open ${p}`), true),
      pickFiles: async () => [path.join(dirs.outside, 'picked.mp4')],
      pickFolder: async (typed) => typed,
      openExternal: (url) => (calls.push(`external ${url}`), true),
    },
  });
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300',
    '-t',
    '2',
    '-shortest',
    '-pix_fmt',
    'yuv420p',
    path.join(dirs.outside, 'picked.mp4'),
  ]);
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220',
    '-t',
    '3',
    path.join(dirs.uploads, 'voice.wav'),
  ]);
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660',
    '-t',
    '3',
    path.join(dirs.uploads, 'music.wav'),
  ]);
  cloud = await startTestEngine({ accounts: [{ key: 'sk_cloud_customer_9b2c' }] });
});
afterAll(async () => {
  await services?.dispose();
  await cloud?.close();
  await fs.rm(base, { recursive: true, force: true });
});

/**
 * Resolves with what `check` finds once it finds something, re-checking after every push from
 * main. No polling budget: a slow machine only makes it wait longer; the test timeout bounds it.
 */
function whenPushed<T>(check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    let running = false;
    let again = false;
    const listener = () => void run();
    const settle = () => onEvent.delete(listener);
    const run = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const value = await check();
          if (value !== undefined) {
            settle();
            resolve(value);
            return;
          }
        } while (again);
      } catch (error) {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        running = false;
      }
    };
    onEvent.add(listener);
    void run();
  });
}

/** Job changes are pushed as `jobs:changed`, so the wait ends on the push that finishes it. */
function waitForJob(id: string, done: (job: Job) => boolean): Promise<Job> {
  return whenPushed(async () => {
    const list = await ipc.dispatch('jobs:list', {});
    const job = list.ok ? (list.value as Job[]).find((j) => j.id === id) : undefined;
    return job && done(job) ? job : undefined;
  });
}
const terminal = (job: Job) => ['succeeded', 'failed', 'canceled'].includes(job.stage);

describe('IPC handlers over the main services', () => {
  it('validates every request with the contract and refuses unknown channels', async () => {
    expect(await ipc.dispatch('secrets:dump', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(await ipc.dispatch('account:usage', { days: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'days' },
    });
    expect(await ipc.dispatch('jobs:list', { extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
  });

  it('starts with the default settings and the local engine running', async () => {
    expect(await ipc.dispatch('settings:get', {})).toEqual({
      ok: true,
      value: {
        version: 2,
        engine: { kind: 'local' },
        projectFolder: path.join(dirs.home, 'Soundstage'),
        maxConcurrentJobs: 2,
        toolPaths: {},
      },
    });
    const status = await ipc.dispatch('engine:status', {});
    expect(status).toMatchObject({ ok: true, value: { kind: 'local', state: 'running' } });
    expect(await ipc.dispatch('account:services', {})).toMatchObject({
      ok: true,
      value: { rpm_limit: 600 },
    });
    expect(await ipc.dispatch('tasks:get', { taskId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('guards file paths: uploads yes, outside and key files no, picked files yes', async () => {
    const voice = path.join(dirs.uploads, 'voice.wav');
    expect(await ipc.dispatch('media:url', { path: voice })).toEqual({
      ok: true,
      value: { url: `media://local/?path=${encodeURIComponent(voice)}` },
    });
    const picked = path.join(dirs.outside, 'picked.mp4');
    expect(await ipc.dispatch('media:probe', { path: picked })).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed' },
    });
    expect(
      await ipc.dispatch('media:url', {
        path: path.join(dirs.uploads, '..', 'userData', 'engine.key'),
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed' },
    });
    expect(await ipc.dispatch('files:pick', { kind: 'video', multiple: false })).toEqual({
      ok: true,
      value: { paths: [picked] },
    });
    expect(await ipc.dispatch('media:probe', { path: picked })).toMatchObject({
      ok: true,
      value: { hasVideo: true, hasAudio: true, width: 64 },
    });
  });

  it('checks a job before any upload and refuses files outside the allowed folders', async () => {
    const tooShort = await ipc.dispatch('jobs:submit', {
      type: 'text_to_music',
      request: { prompt: 'x', duration: 2 },
      label: 'x',
    });
    expect(tooShort).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'request.duration' },
    });
    const stray = path.join(dirs.outside, 'stray.wav');
    await fs.copyFile(path.join(dirs.uploads, 'voice.wav'), stray);
    const outside = await ipc.dispatch('jobs:submit', {
      type: 'audio_ducking',
      request: { voice_file: stray, music_file: path.join(dirs.uploads, 'music.wav') },
      label: 'x',
    });
    expect(outside).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed', field: 'request.voice_file' },
    });
  });

  it('runs an uploaded ducking job to a file in the project folder, then saves, reveals and opens it', async () => {
    const submitted = await ipc.dispatch('jobs:submit', {
      type: 'audio_ducking',
      request: {
        voice_file: path.join(dirs.uploads, 'voice.wav'),
        music_file: path.join(dirs.uploads, 'music.wav'),
      },
      label: 'Ducked mix',
    });
    expect(submitted.ok, JSON.stringify(submitted)).toBe(true);
    const job = await waitForJob((submitted as { value: Job }).value.id, terminal);
    expect(job.stage, JSON.stringify(job.error)).toBe('succeeded');
    const output = job.files[0]!;
    expect(output.path.startsWith(path.join(dirs.home, 'Soundstage'))).toBe(true);
    expect(output.path.endsWith('.wav')).toBe(true);
    expect(
      events.some((e) => e.channel === 'jobs:changed' && (e.payload as Job).stage === 'succeeded'),
    ).toBe(true);
    const saved = await ipc.dispatch('files:saveAs', {
      source: output.path,
      suggestedName: '../mix.wav',
    });
    expect(saved).toEqual({ ok: true, value: { path: path.join(dirs.outside, 'saved-mix.wav') } });
    expect((await fs.stat(path.join(dirs.outside, 'saved-mix.wav'))).size).toBe(output.bytes);
    expect(await ipc.dispatch('files:reveal', { path: output.path })).toEqual({
      ok: true,
      value: { shown: true },
    });
    expect(await ipc.dispatch('files:open', { path: output.path })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(calls).toContain(`reveal ${output.path}`);
  });

  it('pushes stream chunks as raw bytes for a streamed take', async () => {
    const submitted = await ipc.dispatch('jobs:submit', {
      type: 'text_to_music',
      request: { prompt: 'rain on glass', duration: 5 },
      label: 'Rain',
    });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const id = (submitted.value as Job).id;
    const job = await waitForJob(id, terminal);
    expect(job.stage).toBe('succeeded');
    const chunks = events.filter(
      (e) => e.channel === 'stream:chunk' && (e.payload as { jobId: string }).jobId === id,
    );
    expect(chunks.length).toBeGreaterThan(0);
    // Bytes, not text: no base64 on the way to the renderer (docs/decisions/104-stream-bytes-not-base64.md).
    const parts = chunks.map((e) => eventChannels['stream:chunk'].parse(e.payload).data);
    for (const part of parts) expect(part).toBeInstanceOf(Uint8Array);
    const bytes = Buffer.concat(parts);
    expect(bytes.equals(await fs.readFile(job.files[0]!.path))).toBe(true);
  });

  it('opens only allowlisted https links', async () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://example.com/billing',
    ]) {
      expect(await ipc.dispatch('shell:openExternal', { url })).toEqual({
        ok: true,
        value: { opened: false },
      });
    }
    expect(await ipc.dispatch('shell:openExternal', { url: 'https://sonilo.ai/billing' })).toEqual({
      ok: true,
      value: { opened: true },
    });
  });

  it('keeps the cloud key separate: refused with the local engine, verified and used with a custom service', async () => {
    expect(await ipc.dispatch('key:set', { key: 'sk_cloud_customer_9b2c' })).toMatchObject({
      ok: false,
      error: { code: 'no_remote_service' },
    });
    expect(
      await ipc.dispatch('settings:update', {
        engine: { kind: 'custom', baseUrl: 'http://api.example.com' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_setting', field: 'engine.baseUrl' },
    });
    expect(
      (
        await ipc.dispatch('settings:update', {
          engine: { kind: 'custom', baseUrl: `${cloud.url}/v1` },
        })
      ).ok,
    ).toBe(true);
    expect(await ipc.dispatch('engine:status', {})).toEqual({
      ok: true,
      value: { kind: 'custom', baseUrl: cloud.url, state: 'remote' },
    });
    expect(await ipc.dispatch('account:services', {})).toMatchObject({
      ok: false,
      error: { code: 'no_key' },
    });
    expect(await ipc.dispatch('key:set', { key: 'sk_cloud_wrong_0000' })).toMatchObject({
      ok: false,
      error: { code: 'key_rejected', message: 'Key rejected' },
    });
    const set = await ipc.dispatch('key:set', { key: 'sk_cloud_customer_9b2c' });
    expect(set).toMatchObject({ ok: true, value: { configured: true, last4: '9b2c' } });
    expect(await ipc.dispatch('account:services', {})).toMatchObject({ ok: true });
    expect(await ipc.dispatch('key:clear', {})).toEqual({ ok: true, value: { configured: false } });
    // Back to the local engine: it starts again and jobs carry on there.
    expect((await ipc.dispatch('settings:update', { engine: { kind: 'local' } })).ok).toBe(true);
    // The engine host pushes `engine:changed` when the restarted engine is running.
    await whenPushed(() => (services.engineStatus().state === 'running' ? true : undefined));
    expect(await ipc.dispatch('account:services', {})).toMatchObject({ ok: true });
  });
});
