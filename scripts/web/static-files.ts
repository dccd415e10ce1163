import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Serves the built renderer from `rootDir`; anything outside it is a 404, never a read. */
export async function serveStatic(
  rootDir: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^([/\\])+/, '');
  const filePath = join(rootDir, relative);
  if (!filePath.startsWith(rootDir + sep) || relative.includes('\0')) {
    response.writeHead(404).end();
    return;
  }
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new Error('not a file');
    response.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(filePath)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
    });
    createReadStream(filePath).pipe(response);
  } catch {
    response.writeHead(404, headers).end('Not found');
  }
}
