import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../../shared/ipc/settings';
import { tempDir } from '../../../../engine/testing/harness';
import { ApiClient } from '../api-client/api-client';
import { FileSecretStorage } from '../key-vault/secret-storage';
import { ChildProcessEngineLauncher } from './child-process-launcher';
import { EngineHost } from './engine-host';
import type { EngineProcess } from './engine-launcher';

const appRoot = path.resolve(import.meta.dirname, '../../../..');
let dir: string;
/** Every host a test starts is stopped afterwards, even when the test fails half-way. */
const hosts: EngineHost[] = [];
beforeAll(async () => {
  dir = await tempDir('engine-host-');
});
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  await fs.rm(dir, { recursive: true, force: true });
});

/** Waits until a status from index `from` on matches (the list keeps growing meanwhile). */
function until(
  statuses: EngineStatus[],
  predicate: (s: EngineStatus) => boolean,
  from = 0,
  timeoutMs = 60_000,
): Promise<EngineStatus> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const match = statuses.slice(from).find(predicate);
      if (match) return resolve(match);
      if (Date.now() - started > timeoutMs)
        return reject(new Error(`no matching status in ${JSON.stringify(statuses)}`));
      setTimeout(check, 50);
    };
    check();
  });
}

describe('EngineHost with the real engine CLI in a child process', () => {
  it('starts on a loopback port with a generated key, restarts after a crash, keeps the key, stops', async () => {
    const statuses: EngineStatus[] = [];
    const processes: EngineProcess[] = [];
    const base = new ChildProcessEngineLauncher({ appRoot, prefer: 'source' });
    const launcher = {
      launch: (args: Parameters<typeof base.launch>[0]) =>
        processes[processes.push(base.launch(args)) - 1]!,
    };
    const keyStorage = new FileSecretStorage(path.join(dir, 'engine.key'));
    const host = new EngineHost({
      launcher,
      dataDir: path.join(dir, 'engine'),
      keyStorage,
      onStatus: (s) => statuses.push(s),
      baseDelayMs: 100,
    });
    hosts.push(host);

    const started = await host.start();
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.value.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'running']);
    const key = started.value.key;
    expect(key).toMatch(/^sk_local_/);
    expect(await keyStorage.read()).toBe(key);
    const client = () =>
      new ApiClient({ baseUrl: host.url()!, getKey: async () => host.key(), clientVersion: 't' });
    expect((await client().getServices()).ok).toBe(true);

    // A crash: the host reports it and brings the engine back on a new port with the same key.
    process.kill(processes[0]!.pid!, 'SIGKILL');
    await until(statuses, (s) => s.state === 'crashed');
    const back = await until(statuses, (s) => s.state === 'running', 3);
    expect(back.baseUrl).not.toBe(started.value.url);
    expect(host.key()).toBe(key);
    expect((await client().getServices()).ok).toBe(true);

    await host.stop();
    expect(host.status()).toEqual({ kind: 'local', state: 'stopped' });
    expect(() => process.kill(processes[1]!.pid!, 0)).toThrow();

    // The next launch of the app reads the same engine key.
    const second = new EngineHost({
      launcher: base,
      dataDir: path.join(dir, 'engine'),
      keyStorage,
    });
    hosts.push(second);
    const again = await second.start();
    expect(again.ok && again.value.key).toBe(key);
    await second.stop();
  });

  it('reports a launch that never becomes ready as crashed and gives up after its restart budget', async () => {
    const statuses: EngineStatus[] = [];
    // A folder without the engine: node starts, fails to load engine/cli.ts and exits.
    await fs.mkdir(path.join(dir, 'no-app-here'), { recursive: true });
    const launcher = new ChildProcessEngineLauncher({
      appRoot: path.join(dir, 'no-app-here'),
      prefer: 'source',
    });
    const host = new EngineHost({
      launcher,
      dataDir: path.join(dir, 'x'),
      onStatus: (s) => statuses.push(s),
      maxRestarts: 1,
      baseDelayMs: 50,
    });
    hosts.push(host);
    const started = await host.start();
    expect(started).toMatchObject({ ok: false, error: { code: 'engine_crashed' } });
    const final = await until(
      statuses,
      (s) => s.state === 'crashed' && /not restarted again/.test(s.message ?? ''),
    );
    expect(final.message).toMatch(/exited before it was ready/);
    await host.stop();
  });

  it('a start while a stop is still under way launches a new engine instead of the closing one', async () => {
    const statuses: EngineStatus[] = [];
    const host = new EngineHost({
      launcher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
      dataDir: path.join(dir, 'switch'),
      onStatus: (s) => statuses.push(s),
    });
    hosts.push(host);
    const first = await host.start();
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    // Settings switch to a custom service and straight back: the stop has not finished when
    // the start comes, and its engine is about to close.
    const stopping = host.stop();
    const again = await host.start();
    await stopping;
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.value.url).not.toBe(first.value.url);
    expect(host.status()).toMatchObject({ state: 'running', baseUrl: again.value.url });
    const client = new ApiClient({
      baseUrl: again.value.url,
      getKey: async () => host.key(),
      clientVersion: 't',
    });
    expect((await client.getServices()).ok).toBe(true);
    expect(statuses.map((s) => s.state).slice(-3)).toEqual(['stopped', 'starting', 'running']);
    await host.stop();
  });
});
