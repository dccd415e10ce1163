import { randomBytes } from 'node:crypto';
import { promises as fs, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-file';

/** The lock file in a data folder; its content says who holds it. */
export const LOCK_FILE = 'soundstage.lock';
/** The URL it records may carry browser mode's access token: owner-only, like the key file. */
const LOCK_MODE = 0o600;

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** Where the holder can be reached (browser mode's URL), once known. */
  url: z.string().optional(),
  startedAt: z.string(),
});
export type LockHolder = z.infer<typeof holderSchema>;

export type LockAttempt = { ok: true; lock: DataFolderLock } | { ok: false; holder: LockHolder };

/**
 * One process per data folder (docs/decisions/003-job-ledger.md): two processes on one job
 * ledger would each resume and re-send the other's jobs. The lock is a pid file created
 * exclusively (written whole to a temp file, then hard-linked into place, which fails if the
 * name exists, so no reader ever sees an empty lock). A lock whose pid no longer runs on this
 * host is stale (its holder was killed) and is taken over.
 */
export class DataFolderLock {
  private released = false;
  private readonly onExit = () => this.releaseSync();

  private constructor(
    readonly file: string,
    private holder: LockHolder,
  ) {
    process.once('exit', this.onExit);
  }

  /** Takes the lock of `dataDir`, or says who holds it. */
  static async acquire(dataDir: string, url?: string): Promise<LockAttempt> {
    await fs.mkdir(dataDir, { recursive: true });
    const file = path.join(dataDir, LOCK_FILE);
    const holder: LockHolder = {
      pid: process.pid,
      host: os.hostname(),
      startedAt: new Date().toISOString(),
      ...(url ? { url } : {}),
    };
    // Two rounds: a stale lock is moved aside once, then the exclusive create is tried again.
    for (let round = 0; round < 3; round++) {
      if (await createExclusive(file, holder))
        return { ok: true, lock: new DataFolderLock(file, holder) };
      const current = await readHolder(file);
      if (current === 'missing') continue;
      if (current !== 'unreadable' && !isStale(current)) return { ok: false, holder: current };
      if (current === 'unreadable' && !(await olderThan(file, 10_000))) {
        // A lock being written right now by another starter: that one wins.
        return { ok: false, holder: { pid: 0, host: os.hostname(), startedAt: '' } };
      }
      await moveAsideIfUnchanged(file, current);
    }
    const current = await readHolder(file);
    return {
      ok: false,
      holder:
        typeof current === 'string' ? { pid: 0, host: os.hostname(), startedAt: '' } : current,
    };
  }

  /** Records where this process can be reached (e.g. the browser-mode URL, known later). */
  async describe(url: string): Promise<void> {
    if (this.released) return;
    this.holder = { ...this.holder, url };
    await writeFileAtomic(this.file, JSON.stringify(this.holder), LOCK_MODE);
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    const current = await readHolder(this.file);
    if (typeof current !== 'string' && current.pid === process.pid)
      await fs.rm(this.file, { force: true });
  }

  /** On process exit only synchronous work runs; the file is ours while `released` is false. */
  private releaseSync(): void {
    if (this.released) return;
    this.released = true;
    try {
      unlinkSync(this.file);
    } catch {
      // Already gone.
    }
  }
}

/** How to tell the user where the first process runs. */
export function describeHolder(holder: LockHolder, dataDir: string): string {
  if (!holder.pid) return `Another Soundstage is starting on ${dataDir}.`;
  const where = holder.url ? ` at ${holder.url}` : '';
  return `Soundstage is already running on ${dataDir} (pid ${holder.pid} on ${holder.host})${where}.`;
}

async function createExclusive(file: string, holder: LockHolder): Promise<boolean> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFileAtomic(temp, JSON.stringify(holder), LOCK_MODE);
  try {
    await fs.link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

async function readHolder(file: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const parsed = holderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** A holder on this host whose pid no longer runs. Another host's pid cannot be checked. */
export function isStale(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the pid runs under another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => undefined);
  return !stat || Date.now() - stat.mtimeMs > ms;
}

/**
 * Moves a stale lock out of the way. Renaming is atomic, but another starter may have taken
 * the lock over between our read and the rename; if what we moved is not what we judged
 * stale, it is put back (link fails if a third process already took the name).
 */
async function moveAsideIfUnchanged(
  file: string,
  judged: LockHolder | 'unreadable',
): Promise<void> {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(file, aside);
  } catch {
    return;
  }
  const moved = await readHolder(aside);
  const same =
    judged === 'unreadable'
      ? moved === 'unreadable'
      : typeof moved !== 'string' &&
        moved.pid === judged.pid &&
        moved.startedAt === judged.startedAt;
  if (!same) await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
}
