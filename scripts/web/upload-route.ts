import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Largest file the browser-mode picker accepts; the API's own caps are checked later in main. */
const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

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
  const folder = join(uploadsDir, randomBytes(8).toString('hex'));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const target = join(folder, name);
  let received = 0;
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_UPLOAD_BYTES) request.destroy(new Error('File too large'));
  });
  try {
    await pipeline(request, createWriteStream(target, { mode: 0o600 }));
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
