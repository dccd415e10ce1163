import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DataFolderLock } from '../../electron/main/services/storage/data-folder-lock';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-second-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const main = path.join(import.meta.dirname, 'main.ts');

it('a second browser-mode start on the same data folder says where the first runs and exits 0', async () => {
  // The first instance, as far as the lock is concerned: this test process.
  const first = await DataFolderLock.acquire(dir);
  if (!first.ok) throw new Error('could not take the lock');
  await first.lock.describe('http://127.0.0.1:4321/#token=first');
  const second = spawn(process.execPath, ['--import', 'tsx', main, '--data', dir, '--no-open'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  second.stdout.on('data', (d: Buffer) => (out += d.toString()));
  second.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
  expect(out).toContain(`already running on ${dir} (pid ${process.pid}`);
  expect(out).toContain('http://127.0.0.1:4321/#token=first');
  expect(code).toBe(0);
  // It left the first one's lock alone and read nothing of the folder.
  expect(JSON.parse(await fs.readFile(first.lock.file, 'utf8'))).toMatchObject({
    pid: process.pid,
  });
  expect(await fs.readdir(dir)).toEqual(['soundstage.lock']);
  await first.lock.release();
});
