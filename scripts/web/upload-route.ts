import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBulkWriteStream } from '../../shared/node/storage/bulk-write-stream';

/** Largest file the browser-mode picker accepts; the API's own caps are checked later in main. */
const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
/**
 * Most the uploads folder may hold in all. In browser mode it holds the user's picked media
 * (a Score project's video lives there), so it is never emptied behind their back; past the
 * quota a new upload is refused with where the folder is.
 */
export const DEFAULT_UPLOADS_QUOTA_BYTES = 20 * 1024 ** 3;

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Keeps a readable, safe file name: the user sees it in job labels and saved paths. */
export function safeFileName(name: string): string {
  const cleaned = basename(name)
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || 'file';
}

/**
 * Browser mode's stand-in for a native file picker: the page posts the chosen file's bytes and
 * gets back the absolute path main will use, inside the uploads folder.
 */
export async function receiveUpload(
  uploadsDir: string,
  request: IncomingMessage,
  response: ServerResponse,
  quotaBytes = DEFAULT_UPLOADS_QUOTA_BYTES,
): Promise<void> {
  const name = safeFileName(
    new URL(request.url ?? '/', 'http://host').searchParams.get('name') ?? 'file',
  );
  const declared = Number(request.headers['content-length'] ?? '0');
  if (declared > MAX_UPLOAD_BYTES) {
    response
      .writeHead(413, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ message: 'File too large' }));
    return;
  }
  const used = await folderBytes(uploadsDir);
  if (used + Math.max(0, declared) > quotaBytes) {
    const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(1);
    response.writeHead(507, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        message: `The uploads folder already holds ${gb(used)} GB of files picked earlier (at most ${gb(quotaBytes)} GB). Delete old ones in ${uploadsDir}, then pick the file again.`,
      }),
    );
    return;
  }
  const folder = join(uploadsDir, randomBytes(8).toString('hex'));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const target = join(folder, name);
  let received = 0;
  const limit = Math.min(MAX_UPLOAD_BYTES, quotaBytes - used);
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) request.destroy(new Error('File too large'));
  });
  try {
    await pipeline(request, createBulkWriteStream(target, 0o600));
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ path: target }));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (!response.headersSent) {
      response
        .writeHead(400, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message: String(error) }));
    }
  }
}
