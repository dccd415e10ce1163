import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';

/**
 * Derived media (peaks, shot lists) cached on disk under the user data folder. The key is the
 * file's identity (device, inode, size, modification time) plus the parameters, so a renamed
 * file still hits and an edited one misses, without hashing gigabytes of video. Entries are
 * written atomically, so a crash never leaves a torn entry that a later read would trust.
 */
export class MediaCache {
  constructor(readonly dir: string) {}

  /** The cache key of `filePath` computed with `params`; null when the file cannot be stat'ed. */
  async keyFor(
    filePath: string,
    kind: string,
    params: Record<string, string | number>,
  ): Promise<string | null> {
    let stat;
    try {
      stat = await fs.stat(filePath, { bigint: true });
    } catch {
      return null;
    }
    const identity = [stat.dev, stat.ino, stat.size, stat.mtimeNs].map(String).join(':');
    const parameters = Object.keys(params)
      .sort()
      .map((name) => `${name}=${params[name]}`)
      .join('&');
    return createHash('sha256')
      .update(`${kind}\n${identity}\n${parameters}`)
      .digest('hex')
      .slice(0, 40);
  }

  fileOf(kind: string, key: string): string {
    return path.join(this.dir, kind, `${key}.bin`);
  }

  /** The cached bytes, or null on a miss (or an unreadable entry, which is then recomputed). */
  async read(kind: string, key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.fileOf(kind, key));
    } catch {
      return null;
    }
  }

  async write(kind: string, key: string, data: Uint8Array | string): Promise<void> {
    await writeFileAtomic(this.fileOf(kind, key), data);
  }

  /** A scratch folder for one piece of work (export mixes); the caller removes it. */
  async scratch(name: string): Promise<string> {
    const dir = path.join(this.dir, 'scratch', name);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }
}
