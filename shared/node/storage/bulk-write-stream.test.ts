import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BULK_WRITE_BUFFER_BYTES, createBulkWriteStream } from './bulk-write-stream';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bulk-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createBulkWriteStream', () => {
  it('takes many socket-sized reads before it pushes back, and writes them all in order', async () => {
    const path = join(dir, 'upload.bin');
    const out = createBulkWriteStream(path, 0o600);
    const read = 64 * 1024;
    const chunks = Array.from({ length: BULK_WRITE_BUFFER_BYTES / read }, (_, index) =>
      Buffer.alloc(read, index),
    );
    // Node's default stream would answer false on the first 64 KiB read and pause the socket.
    const accepted = chunks.slice(0, -1).map((chunk) => out.write(chunk));
    expect(accepted.every(Boolean)).toBe(true);
    expect(out.write(chunks.at(-1)!)).toBe(false);
    await new Promise<void>((resolve, reject) => out.end(resolve).on('error', reject));
    expect((await readFile(path)).equals(Buffer.concat(chunks))).toBe(true);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});
