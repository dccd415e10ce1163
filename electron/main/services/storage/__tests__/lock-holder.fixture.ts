/**
 * Child process for the lock tests: takes the lock of a data folder, prints "locked" (or
 * "held <pid>"), then exits when told ("exit" on stdin) or waits to be killed.
 */
import { DataFolderLock } from '../data-folder-lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-holder.fixture.ts <dataDir>');
const attempt = await DataFolderLock.acquire(dataDir, 'http://127.0.0.1:1/#first');
process.stdout.write(attempt.ok ? 'locked\n' : `held ${attempt.holder.pid}\n`);
process.stdin.on('data', (data: Buffer) => {
  if (data.toString().includes('exit')) process.exit(0);
});
