import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * A multipart/form-data body built by hand so that file parts are streamed from disk: memory
 * stays bounded by the read-stream's chunk size whatever the file size, the exact
 * Content-Length is known before the first byte is sent, and progress is counted in bytes
 * actually handed to the transport.
 */
export interface TextPart {
  name: string;
  value: string;
}

export interface FilePart {
  name: string;
  filePath: string;
}

export interface MultipartBody {
  contentType: string;
  contentLength: number;
  /** Produces the body; may be called again for a fresh copy (a retried request). */
  chunks(onProgress?: (sent: number, total: number) => void): AsyncGenerator<Uint8Array>;
}

/** Thrown into the upload when a file part no longer matches what was announced. */
export class UploadSourceError extends Error {
  override readonly name = 'UploadSourceError';
}

export type MultipartResult =
  { ok: true; value: MultipartBody } | { ok: false; field: string; message: string };

const READ_CHUNK_BYTES = 512 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.gif': 'image/gif',
  '.wmv': 'video/x-ms-wmv',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
};

/** Part Content-Type guessed from the extension (the service sniffs bytes; docs/api-notes.md 1.5). */
export function contentTypeForFile(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Quotes a form-data name or filename the way browsers do (WHATWG multipart encoding). */
function quote(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export async function buildMultipartBody(
  texts: readonly TextPart[],
  files: readonly FilePart[],
): Promise<MultipartResult> {
  const boundary = `----SoundstageFormBoundary${randomBytes(12).toString('hex')}`;
  const encoder = new TextEncoder();
  type Piece =
    { kind: 'bytes'; bytes: Uint8Array } | { kind: 'file'; filePath: string; size: number };
  const pieces: Piece[] = [];
  const pushText = (text: string) => pieces.push({ kind: 'bytes', bytes: encoder.encode(text) });

  for (const part of texts) {
    pushText(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"\r\n\r\n`);
    pushText(`${part.value}\r\n`);
  }
  for (const part of files) {
    let size: number;
    try {
      const stat = await fs.stat(part.filePath);
      if (!stat.isFile())
        return { ok: false, field: part.name, message: `${part.filePath} is not a file.` };
      size = stat.size;
    } catch {
      return { ok: false, field: part.name, message: `The file ${part.filePath} cannot be read.` };
    }
    const filename = quote(path.basename(part.filePath));
    pushText(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentTypeForFile(part.filePath)}\r\n\r\n`,
    );
    pieces.push({ kind: 'file', filePath: part.filePath, size });
    pushText('\r\n');
  }
  pushText(`--${boundary}--\r\n`);

  const contentLength = pieces.reduce(
    (sum, piece) => sum + (piece.kind === 'bytes' ? piece.bytes.length : piece.size),
    0,
  );

  async function* chunks(
    onProgress?: (sent: number, total: number) => void,
  ): AsyncGenerator<Uint8Array> {
    let sent = 0;
    const report = (n: number) => {
      sent += n;
      onProgress?.(sent, contentLength);
    };
    for (const piece of pieces) {
      if (piece.kind === 'bytes') {
        yield piece.bytes;
        report(piece.bytes.length);
        continue;
      }
      let read = 0;
      // An empty file has no byte range to read (createReadStream's `end` is inclusive).
      if (piece.size > 0) {
        const stream = createReadStream(piece.filePath, {
          start: 0,
          end: piece.size - 1,
          highWaterMark: READ_CHUNK_BYTES,
        });
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          read += chunk.length;
          yield chunk;
          report(chunk.length);
        }
      }
      // Content-Length was promised up front: a file that shrank mid-upload must fail loudly.
      if (read !== piece.size)
        throw new UploadSourceError(`${piece.filePath} changed size during the upload.`);
    }
  }

  return {
    ok: true,
    value: { contentType: `multipart/form-data; boundary=${boundary}`, contentLength, chunks },
  };
}
