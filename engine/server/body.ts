import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import { RequestForm, type FormEntry } from './form';
import { payloadTooLarge, reject, type Checked } from './rejection';

const MAX_FIELD_BYTES = 2 * 1024 * 1024;
const MAX_PARTS = 1000;
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

export interface ReadFormOptions {
  /** Folder the file parts are streamed into (inside the task's folder). */
  uploadDir: string;
  maxUploadMb: number;
}

/**
 * Reads a POST body as form entries. Multipart and urlencoded bodies are parsed (file parts
 * streamed to disk, capped at the account's upload size); any other body (JSON included) is
 * drained and read as an empty form, so the endpoint's own "Field required" errors answer it,
 * as the live service does (client-notes 1.3).
 */
export async function readForm(
  req: IncomingMessage,
  options: ReadFormOptions,
): Promise<Checked<RequestForm>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    await drain(req);
    return { ok: true, value: new RequestForm([]) };
  }
  await mkdir(options.uploadDir, { recursive: true });
  return parseWithBusboy(req, options);
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
    let problem: Checked<RequestForm> | undefined;
    let settled = false;
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
        limits: { fileSize: maxFileBytes, fieldSize: MAX_FIELD_BYTES, parts: MAX_PARTS },
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
      const out = createWriteStream(path);
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
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
    parser.on('error', () => {
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
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) {
        settle(payloadTooLarge(options.maxUploadMb));
        req.destroy();
      }
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
