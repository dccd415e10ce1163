import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderLock, LOCK_FILE } from './data-folder-lock';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(dir, { recursive: true, force: true });
});

const fixture = path.join(import.meta.dirname, '__tests__', 'lock-holder.fixture.ts');

/** A real process holding the lock of `dir`; resolves once it has it. */
async function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const said = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)));
  });
  expect(said).toBe('locked');
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('DataFolderLock', () => {
  it('refuses a second holder while the first runs, naming its pid and url', async () => {
    const first = await holder();
    const second = await DataFolderLock.acquire(dir);
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.holder.pid).toBe(first.pid);
    expect(second.holder.url).toBe('http://127.0.0.1:1/#first');
  });

  it('takes over the lock of a killed holder (stale pid)', async () => {
    const first = await holder();
    first.kill('SIGKILL');
    await exited(first);
    // The killed process could not clean up: its lock is still on disk.
    await expect(fs.stat(path.join(dir, LOCK_FILE))).resolves.toBeTruthy();
    const taken = await DataFolderLock.acquire(dir);
    expect(taken.ok).toBe(true);
    if (!taken.ok) return;
    const onDisk = JSON.parse(await fs.readFile(taken.lock.file, 'utf8')) as { pid: number };
    expect(onDisk.pid).toBe(process.pid);
    await taken.lock.release();
  });

  it('is released when its holder exits normally, and by release()', async () => {
    const first = await holder();
    first.stdin!.write('exit\n');
    await exited(first);
    await expect(fs.stat(path.join(dir, LOCK_FILE))).rejects.toThrow();
    const mine = await DataFolderLock.acquire(dir);
    expect(mine.ok).toBe(true);
    if (!mine.ok) return;
    await mine.lock.describe('http://127.0.0.1:2/');
    const again = await DataFolderLock.acquire(dir);
    expect(again.ok ? null : again.holder.url).toBe('http://127.0.0.1:2/');
    await mine.lock.release();
    const after = await DataFolderLock.acquire(dir);
    expect(after.ok).toBe(true);
    if (after.ok) await after.lock.release();
  });

  it('lets exactly one of several starters at once take a stale lock', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await exited(dead);
    const stale = { pid: dead.pid, host: os.hostname(), startedAt: 'then' };
    await fs.writeFile(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const attempts = await Promise.all([1, 2, 3, 4].map(() => DataFolderLock.acquire(dir)));
    expect(attempts.filter((a) => a.ok)).toHaveLength(1);
    for (const attempt of attempts) if (attempt.ok) await attempt.lock.release();
  });
});
