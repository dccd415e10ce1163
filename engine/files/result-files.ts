import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonFile, readJsonFile } from './atomic-json';

/** Result fields hold this placeholder; task reads replace it with a live download URL. */
export const FILE_REF_PREFIX = 'soundstage-file:';

interface StoredFile {
  /** Relative to the files folder; chosen by the engine, never from user input. */
  name: string;
  downloadName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

interface Grant {
  fileId: string;
  expiresAt: number;
}

interface FilesIndex {
  version: 1;
  files: Record<string, StoredFile>;
  grants: Record<string, Grant>;
}

export type GrantLookup =
  | { kind: 'ok'; path: string; contentType: string; size: number }
  | { kind: 'expired' }
  | { kind: 'unknown' };

const SAFE_EXT = /^[a-z0-9]{1,8}$/;

/**
 * Result files under `<data>/files`, downloadable through presigned-like URLs: a random
 * 128-bit token per grant, looked up in a map (never joined into a path), expiring after the
 * TTL (403 afterwards). Reading a task re-issues URLs that are near expiry, as the live
 * service does.
 */
export class ResultFiles {
  private readonly file: JsonFile;

  private constructor(
    private readonly dir: string,
    private readonly index: FilesIndex,
    private readonly ttlMs: number,
  ) {
    this.file = new JsonFile(join(dir, 'index.json'));
  }

  static async open(dataDir: string, ttlSeconds: number): Promise<ResultFiles> {
    const dir = join(dataDir, 'files');
    await mkdir(dir, { recursive: true });
    const index = (await readJsonFile<FilesIndex>(join(dir, 'index.json'))) ?? {
      version: 1,
      files: {},
      grants: {},
    };
    return new ResultFiles(dir, index, ttlSeconds * 1000);
  }

  /** Copies a finished file into storage; returns the placeholder URL for the result fields. */
  async publish(
    sourcePath: string,
    options: { contentType: string; ext: string; name?: string },
  ): Promise<{ ref: string; size: number }> {
    const ext = options.ext.replace(/^\./, '').toLowerCase();
    if (!SAFE_EXT.test(ext)) throw new Error(`unsafe result extension "${options.ext}"`);
    const fileId = randomUUID();
    const name = `${fileId}.${ext}`;
    await copyFile(sourcePath, join(this.dir, name));
    const { size } = await stat(join(this.dir, name));
    const base =
      (options.name ?? 'result').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'result';
    this.index.files[fileId] = {
      name,
      downloadName: `${base}.${ext}`,
      contentType: options.contentType,
      size,
      createdAt: new Date().toISOString(),
    };
    await this.file.save(this.index);
    return { ref: `${FILE_REF_PREFIX}${fileId}`, size };
  }

  /**
   * Replaces every placeholder in a result with `<baseUrl>/files/<token>/<name>`, minting a new
   * grant when the newest one has less than half its lifetime left.
   */
  async renderUrls<T>(value: T, baseUrl: string): Promise<T> {
    let minted = false;
    const render = (node: unknown): unknown => {
      if (typeof node === 'string' && node.startsWith(FILE_REF_PREFIX)) {
        const fileId = node.slice(FILE_REF_PREFIX.length);
        const stored = this.index.files[fileId];
        // Deleted after its retention: a URL that answers 404, never the internal placeholder.
        if (!stored) return `${baseUrl}/files/${'0'.repeat(32)}/expired.bin`;
        const { token, created } = this.grantFor(fileId);
        minted ||= created;
        return `${baseUrl}/files/${token}/${stored.downloadName}`;
      }
      if (Array.isArray(node)) return node.map(render);
      if (node && typeof node === 'object') {
        return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, render(inner)]));
      }
      return node;
    };
    const rendered = render(value) as T;
    if (minted) await this.file.save(this.index);
    return rendered;
  }

  /**
   * Forgets expired grants and deletes result files published before `keepSince` (ms): without
   * it every generated file and every URL ever minted stays on disk and in the index forever.
   * Answers how many files were deleted.
   */
  async sweep(now: number, keepSince: number): Promise<number> {
    let changed = false;
    for (const [token, grant] of Object.entries(this.index.grants)) {
      if (grant.expiresAt <= now || !this.index.files[grant.fileId]) {
        delete this.index.grants[token];
        changed = true;
      }
    }
    let deleted = 0;
    for (const [fileId, stored] of Object.entries(this.index.files)) {
      if (Date.parse(stored.createdAt) >= keepSince) continue;
      await rm(join(this.dir, stored.name), { force: true });
      delete this.index.files[fileId];
      for (const [token, grant] of Object.entries(this.index.grants))
        if (grant.fileId === fileId) delete this.index.grants[token];
      deleted += 1;
      changed = true;
    }
    if (changed) await this.file.save(this.index);
    return deleted;
  }

  lookup(token: string, downloadName: string): GrantLookup {
    const grant = Object.hasOwn(this.index.grants, token) ? this.index.grants[token] : undefined;
    const stored = grant ? this.index.files[grant.fileId] : undefined;
    if (!grant || !stored || stored.downloadName !== downloadName) return { kind: 'unknown' };
    if (Date.now() >= grant.expiresAt) return { kind: 'expired' };
    return {
      kind: 'ok',
      path: join(this.dir, stored.name),
      contentType: stored.contentType,
      size: stored.size,
    };
  }

  private grantFor(fileId: string): { token: string; created: boolean } {
    const now = Date.now();
    let best: [string, Grant] | undefined;
    for (const entry of Object.entries(this.index.grants)) {
      if (entry[1].fileId === fileId && (!best || entry[1].expiresAt > best[1].expiresAt))
        best = entry;
    }
    if (best && best[1].expiresAt - now >= this.ttlMs / 2)
      return { token: best[0], created: false };
    const token = randomBytes(16).toString('hex');
    this.index.grants[token] = { fileId, expiresAt: now + this.ttlMs };
    return { token, created: true };
  }
}
