import busboy from 'busboy';
import type { WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import { createBulkWriteStream } from '../../shared/node/storage/bulk-write-stream';
import { RequestForm, type FormEntry } from './form';
import { payloadTooLarge, reject, type Checked, type Rejection } from './rejection';

/**
 * Everything in a body that is not a file part (field names, values, part headers) fits in this;
 * the largest legitimate text is a segments list of 40 000 characters (docs/api-notes.md).
 */
export const MAX_TEXT_BODY_BYTES = 1024 * 1024;
/** busboy's own caps, so a hostile form is cut off while it streams, not after it is buffered. */
const BUSBOY_LIMITS = {
  fieldSize: MAX_TEXT_BODY_BYTES,
  fields: 200,
  files: 40,
  parts: 240,
  headerPairs: 20,
};
const MULTIPART = 'multipart/form-data';
const URLENCODED = 'application/x-www-form-urlencoded';

export interface ReadFormOptions {
  /** Folder the file parts are streamed into (inside the task's folder). */
  uploadDir: string;
  maxUploadMb: number;
}

/**
 * Reads a POST body as form entries. Multipart and urlencoded bodies are parsed (file parts
 * streamed to disk, capped at the account's upload size; everything else capped at
 * MAX_TEXT_BODY_BYTES). Any other body (JSON included) is judged from its headers alone and
 * never read: a small one is an empty form, so the endpoint's own "Field required" errors answer
 * it as the live service does (docs/api-notes.md), a large or unsized one is a 413.
 */
export async function readForm(
  req: IncomingMessage,
  options: ReadFormOptions,
): Promise<Checked<RequestForm>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = declaredLength(req);
  if (type !== MULTIPART && type !== URLENCODED) {
    if (declared === undefined || declared > MAX_TEXT_BODY_BYTES) return textBodyTooLarge();
    return { ok: true, value: new RequestForm([]) };
  }
  if (type === URLENCODED && declared !== undefined && declared > MAX_TEXT_BODY_BYTES)
    return textBodyTooLarge();
  await mkdir(options.uploadDir, { recursive: true });
  return parseWithBusboy(req, options);
}

/** Content-Length as a number; undefined for a chunked (unsized) body. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return req.headers['transfer-encoding'] ? undefined : 0;
  const value = Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function textBodyTooLarge(): { ok: false; error: Rejection } {
  return reject(
    413,
    'payload_too_large',
    `Form fields may take at most ${MAX_TEXT_BODY_BYTES / (1024 * 1024)} MB; send media as a file part or a URL`,
  );
}

function parseWithBusboy(
  req: IncomingMessage,
  options: ReadFormOptions,
): Promise<Checked<RequestForm>> {
  const maxFileBytes = options.maxUploadMb * 1024 * 1024;
  // A body far beyond anything acceptable is cut off instead of being read to the end.
  const maxBodyBytes = maxFileBytes * 2 + 64 * 1024 * 1024;
  return new Promise((resolve) => {
    const entries: FormEntry[] = [];
    const writes: Promise<void>[] = [];
    const outs: WriteStream[] = [];
    let problem: Checked<RequestForm> | undefined;
    let settled = false;
    let received = 0;
    let fileBytes = 0;
    const settle = (result: Checked<RequestForm>) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { ...BUSBOY_LIMITS, fileSize: maxFileBytes },
      });
    } catch {
      void drain(req).then(() => settle(reject(400, 'invalid_request', 'Malformed form body')));
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        problem ??= reject(400, 'invalid_request', `Field ${name} is too large`);
      entries.push({ name, kind: 'text', value });
    });
    parser.on('file', (name, stream, info) => {
      const index = entries.length;
      const path = join(options.uploadDir, `part-${index}${safeExtension(info.filename)}`);
      const out = createBulkWriteStream(path, 0o600);
      outs.push(out);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        fileBytes += chunk.length;
      });
      stream.on('limit', () => {
        problem ??= payloadTooLarge(options.maxUploadMb);
      });
      writes.push(
        new Promise<void>((done) => {
          out.on('finish', done);
          out.on('error', () => {
            problem ??= reject(500, 'internal_error', 'Could not store the upload');
            stream.resume();
            done();
          });
        }),
      );
      stream.pipe(out);
      entries.push({
        name,
        kind: 'file',
        file: {
          field: name,
          filename: info.filename ?? '',
          contentType: info.mimeType,
          path,
          size: 0,
        },
      });
      stream.on('end', () => {
        const entry = entries[index];
        if (entry?.kind === 'file') entry.file.size = size;
      });
    });
    parser.on(
      'partsLimit',
      () => (problem ??= reject(400, 'invalid_request', 'Too many form parts')),
    );
    parser.on(
      'fieldsLimit',
      () => (problem ??= reject(400, 'invalid_request', 'Too many form fields')),
    );
    parser.on(
      'filesLimit',
      () => (problem ??= reject(400, 'invalid_request', 'Too many file parts')),
    );
    parser.on('error', () => {
      if (settled) return;
      const malformed = reject(400, 'invalid_request', 'Malformed form body');
      problem = malformed;
      req.unpipe(parser);
      void drain(req).then(() => settle(malformed));
    });
    parser.on('close', () => {
      void Promise.all(writes).then(async () => {
        if (problem && !problem.ok) {
          await rm(options.uploadDir, { recursive: true, force: true });
          settle(problem);
        } else {
          settle({ ok: true, value: new RequestForm(entries) });
        }
      });
    });
    // Stops parsing and answers at once; the server closes the socket soon after (http-server.ts).
    const cutOff = (refusal: { ok: false; error: Rejection }) => {
      req.unpipe(parser);
      parser.removeAllListeners('close');
      parser.destroy();
      for (const out of outs) out.destroy();
      settle(refusal);
    };
    // Runs before busboy sees the chunk, so fileBytes lags by at most this chunk.
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (received - fileBytes > MAX_TEXT_BODY_BYTES) return cutOff(textBodyTooLarge());
      received += chunk.length;
      if (received > maxBodyBytes) cutOff(payloadTooLarge(options.maxUploadMb));
    });
    req.on('aborted', () => settle(reject(400, 'invalid_request', 'The request body was cut off')));
    req.pipe(parser);
  });
}

/** Only a short alphanumeric extension survives from a client filename. */
function safeExtension(filename: string | undefined): string {
  const ext = extname(filename ?? '').toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((done) => {
    if (req.readableEnded) return done();
    req.on('end', done);
    req.on('error', () => done());
    req.on('close', () => done());
    req.resume();
  });
}
