import { promises as fs } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, tempDir, type TestEngine } from '../../../engine/testing/harness';
import { ChildProcessEngineLauncher } from '../services/engine-host/child-process-launcher';
import { FileSecretStorage } from '../services/key-vault/secret-storage';
import { createMainServices, type MainServices } from '../services/main-services';
import { createHandlers, type IpcHandlers } from './handlers';

/**
 * The key belongs to the origin it was verified for: main's services behind the IPC dispatcher,
 * the real engine as the service the key is verified on, and plain loopback servers standing in
 * for another host (a changed service URL, a redirect target, a service that echoes secrets).
 */
const appRoot = path.resolve(import.meta.dirname, '../../..');
const KEY = 'sk_live_customer_7f3a';
const SERVICES = {
  available_services: ['music'],
  rpm_limit: 60,
  concurrency_limit: 2,
  discount_factor: 1,
};

interface Recorder {
  server: Server;
  url: string;
  seen: { url: string; headers: IncomingHttpHeaders }[];
}

/** A loopback HTTP server that records what reaches it and answers per path. */
async function recorder(answer: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: Recorder['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    answer(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const rec: Recorder = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
  };
  return rec;
}
const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

let engine: TestEngine;
let other: Recorder;
let redirecting: Recorder;
let base: string;
const running: { services: MainServices; dir: string }[] = [];

beforeAll(async () => {
  engine = await startTestEngine({ accounts: [{ key: KEY }] });
  base = await fs.realpath(await tempDir('key-origin-'));
  other = await recorder((url, res) =>
    url.startsWith('/v1/tasks/leaky')
      ? json(res, 500, {
          message: `upstream refused Authorization: Bearer ${KEY} (also tried sk_live_other_9999999)`,
        })
      : json(res, 200, SERVICES),
  );
  redirecting = await recorder((url, res) => {
    if (url === '/v1/account/services') json(res, 200, SERVICES);
    else res.writeHead(302, { Location: `${other.url}${url}` }).end();
  });
});
afterAll(async () => {
  for (const { services } of running) await services.dispose();
  await engine?.close();
  other?.server.close();
  redirecting?.server.close();
  await fs.rm(base, { recursive: true, force: true });
});
beforeEach(() => {
  other.seen.length = 0;
  redirecting.seen.length = 0;
});

/** Main's services with the custom service at `baseUrl` already chosen (no local engine). */
async function appFor(name: string, baseUrl: string): Promise<IpcHandlers> {
  const dir = path.join(base, name);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, 'settings.json'),
    JSON.stringify({
      version: 1,
      engine: { kind: 'custom', baseUrl },
      projectFolder: path.join(dir, 'project'),
      maxConcurrentJobs: 2,
    }),
  );
  const services = await createMainServices({
    userDataDir: dir,
    homeDir: dir,
    uploadsDir: path.join(dir, 'uploads'),
    clientVersion: 'test',
    engineLauncher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    secretStorage: new FileSecretStorage(path.join(dir, 'api-key')),
    emit: () => undefined,
  });
  running.push({ services, dir });
  return createHandlers({
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
}

const authorizations = (rec: Recorder) => rec.seen.map((r) => r.headers.authorization ?? '');

describe('the key stays with the origin it was verified for', () => {
  it('is not sent to a new service URL; the status names the origin it belongs to', async () => {
    const ipc = await appFor('changed-url', engine.url);
    const set = await ipc.dispatch('key:set', { key: KEY });
    expect(set).toMatchObject({ ok: true, value: { origin: new URL(engine.url).origin } });
    expect((await ipc.dispatch('account:services', {})).ok).toBe(true);

    const moved = await ipc.dispatch('settings:update', {
      engine: { kind: 'custom', baseUrl: other.url },
    });
    expect(moved.ok).toBe(true);
    const answer = await ipc.dispatch('account:services', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'no_key' } });
    expect(authorizations(other).join('\n')).not.toContain(KEY);
    expect(await ipc.dispatch('key:status', {})).toMatchObject({
      ok: true,
      value: { configured: true, last4: '7f3a', origin: new URL(engine.url).origin },
    });
  });

  it('drops the key on a redirect to another origin', async () => {
    const ipc = await appFor('redirect', redirecting.url);
    expect((await ipc.dispatch('key:set', { key: KEY })).ok).toBe(true);
    expect(authorizations(redirecting)).toContain(`Bearer ${KEY}`);
    await ipc.dispatch('tasks:get', { taskId: 'moved' });
    expect(other.seen.map((r) => r.url)).toContain('/v1/tasks/moved');
    expect(authorizations(other)).toEqual(other.seen.map(() => ''));
  });

  it('redacts key-shaped text from a service error before it reaches the renderer', async () => {
    const ipc = await appFor('leaky', other.url);
    expect((await ipc.dispatch('key:set', { key: KEY })).ok).toBe(true);
    const answer = await ipc.dispatch('tasks:get', { taskId: 'leaky' });
    expect(answer.ok).toBe(false);
    const text = JSON.stringify(answer);
    expect(text).toContain('upstream refused');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('sk_live_other');
  });
});
