import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResultFiles } from './result-files';

/**
 * GET/HEAD /files/<token>/<name>: a presigned-like download, no Authorization needed.
 * 200 with the file's content type (206 for a single byte range, so media elements can
 * seek), 403 once the URL has expired, 404 for anything unknown.
 */
export function serveResultFile(
  req: IncomingMessage,
  res: ServerResponse,
  files: ResultFiles,
  token: string,
  name: string,
): void {
  const found = files.lookup(token, name);
  if (found.kind !== 'ok') {
    const [status, code, message] =
      found.kind === 'expired'
        ? [403, 'forbidden', 'Request has expired']
        : [404, 'not_found', 'File not found'];
    const body = JSON.stringify({ code, message });
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return;
  }
  const range = parseRange(req.headers.range, found.size);
  const headers: Record<string, string | number> = {
    'content-type': found.contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=0',
  };
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${found.size}` });
    res.end();
    return;
  }
  const [start, end] = range ?? [0, found.size - 1];
  headers['content-length'] = found.size === 0 ? 0 : end - start + 1;
  if (range) headers['content-range'] = `bytes ${start}-${end}/${found.size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || found.size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(found.path, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return [start, end];
}
