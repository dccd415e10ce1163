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
 */
export class SerialFileWriter {
  private running: Promise<void> | null = null;
  private pending: (() => string) | null = null;
  private lastError: Error | null = null;

  constructor(
    private readonly target: string,
    private readonly mode = 0o644,
  ) {}

  /** Schedules a write of `snapshot()` (called when the write starts, so it is the newest state). */
  save(snapshot: () => string): Promise<void> {
    this.pending = snapshot;
    if (!this.running) this.running = this.loop();
    return this.running;
  }

  /** Waits until every requested write is on disk; resolves with the last write error, if any. */
  async flush(): Promise<Error | null> {
    while (this.running) await this.running;
    return this.lastError;
  }

  private async loop(): Promise<void> {
    try {
      while (this.pending) {
        const snapshot = this.pending;
        this.pending = null;
        try {
          await writeFileAtomic(this.target, snapshot(), this.mode);
          this.lastError = null;
        } catch (error) {
          this.lastError = error as Error;
        }
      }
    } finally {
      this.running = null;
    }
  }
}
