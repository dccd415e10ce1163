import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A real full disk: the engine runs in its own mount namespace on a 3 MB tmpfs, and the test
 * fills that tmpfs through /proc/<pid>/root. Needs root and unshare; skipped with the reason
 * where either is missing.
 */
const KEY = 'sk_full_disk';
const CONCURRENCY = 2;
const canMount =
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['-m', '--propagation', 'private', 'true']).status === 0;

let child: ChildProcess;
let url: string;
let dataDir: string;

async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}` },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function get(path: string) {
  const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
  return (await res.json()) as Record<string, unknown>;
}

/** Writes zeros into the engine's tmpfs until it is full; answers the filler's path. */
async function fillDisk(): Promise<string> {
  const filler = join(`/proc/${child.pid}/root`, dataDir, 'filler');
  const handle = await open(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    await handle.close().catch(() => undefined);
  }
  return filler;
}

describe.skipIf(!canMount)('engine on a full disk (needs root and unshare -m)', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'soundstage-full-disk-'));
    const accounts = JSON.stringify([{ key: KEY, concurrencyLimit: CONCURRENCY, balance: 5 }]);
    child = spawn(
      'unshare',
      [
        '-m',
        '--propagation',
        'private',
        'sh',
        '-c',
        'mount -t tmpfs -o size=3m tmpfs "$1" && shift && exec "$@"',
        'sh',
        dataDir,
        process.execPath,
        '--import',
        'tsx',
        'engine/cli.ts',
        '--data',
        dataDir,
        '--key',
        'sk_unused',
        '--accounts',
        accounts,
        '--port',
        '0',
      ],
      { cwd: join(import.meta.dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`engine exited early (${code}): ${out}`)));
    });
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 storage_unavailable, charges nothing, frees every slot, and recovers', async () => {
    const before = await get('/v1/account/usage');
    const filler = await fillDisk();
    // More refused requests than the account has slots: a leaked slot would turn these into 429s.
    for (let i = 0; i < CONCURRENCY + 2; i += 1) {
      const res = await post('/v1/text-to-sfx', { prompt: 'door knock', duration: '1' });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.code).toBe('storage_unavailable');
      expect(String(res.body.message)).toMatch(/nothing was charged/);
    }
    expect(child.exitCode).toBeNull();
    expect(await get('/v1/account/usage')).toEqual(before);

    await rm(filler);
    const accepted = await post('/v1/text-to-sfx', { prompt: 'door knock', duration: '1' });
    expect(accepted.status).toBe(202);
  });
});
