import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content, never
 * a torn mix: write a temp file beside it, fsync it, rename it over the target, fsync the
 * folder (so the rename itself survives a power loss on filesystems that need it).
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  const dir = path.dirname(target);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // The mode of open() is masked by umask; secrets need it exact.
    await fs.chmod(temp, mode);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/** Reads and parses a JSON file; `missing` when it does not exist, `corrupt` when unparsable. */
export async function readJsonFile(
  file: string,
): Promise<
  { state: 'ok'; value: unknown } | { state: 'missing' } | { state: 'corrupt'; message: string }
> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'corrupt', message: (error as Error).message };
  }
  try {
    return { state: 'ok', value: JSON.parse(text) as unknown };
  } catch (error) {
    return { state: 'corrupt', message: (error as Error).message };
  }
}

/**
 * Serialises writes of one file: callers ask for a save whenever state changes; at most one
 * write runs at a time and the newest snapshot always wins, so bursts collapse into few writes.
 * The snapshot is taken when its write starts, never when it was asked for, so a write can
 * never put back state older than what a caller had when it asked.
 */
export class SerialFileWriter {
  private running: Promise<void> | null = null;
  private pending: { snapshot: () => string; waiters: ((error: Error | null) => void)[] } | null =
    null;
  private lastError: Error | null = null;

  constructor(
    private readonly target: string,
    private readonly mode = 0o644,
  ) {}

  /**
   * Schedules a write of `snapshot()`; resolves once a write that started after this call is
   * on disk (fsync + rename), with that write's error or null. Awaiting it makes the state the
   * caller had durable.
   */
  save(snapshot: () => string): Promise<Error | null> {
    return new Promise((resolve) => {
      if (this.pending) {
        this.pending.snapshot = snapshot;
        this.pending.waiters.push(resolve);
      } else {
        this.pending = { snapshot, waiters: [resolve] };
      }
      this.running ??= this.loop();
    });
  }

  /** Waits until every requested write is on disk; resolves with the last write error, if any. */
  async flush(): Promise<Error | null> {
    while (this.running) await this.running;
    return this.lastError;
  }

  private async loop(): Promise<void> {
    try {
      while (this.pending) {
        const batch = this.pending;
        this.pending = null;
        let error: Error | null = null;
        try {
          await writeFileAtomic(this.target, batch.snapshot(), this.mode);
        } catch (caught) {
          error = caught as Error;
        }
        this.lastError = error;
        for (const resolve of batch.waiters) resolve(error);
      }
    } finally {
      this.running = null;
    }
  }
}
