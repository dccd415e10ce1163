import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ByteSink } from './byte-sink';
import { sendFileThroughRing } from './file-ring-reader';

/**
 * A multipart/form-data body built by hand so that file parts are streamed from disk: memory
 * stays bounded by a small ring of reused read buffers whatever the file size, the exact
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
  /**
   * Writes the whole body into the sink, honouring its backpressure; may be called again for a
   * fresh copy (a retried request). Rejects with UploadSourceError when a file changed size.
   */
  writeTo(sink: ByteSink, onProgress?: (sent: number, total: number) => void): Promise<void>;
}

export type MultipartResult =
  { ok: true; value: MultipartBody } | { ok: false; field: string; message: string };

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

  async function writeTo(
    sink: ByteSink,
    onProgress?: (sent: number, total: number) => void,
  ): Promise<void> {
    let sent = 0;
    const report = (n: number) => {
      sent += n;
      onProgress?.(sent, contentLength);
    };
    for (const piece of pieces) {
      if (piece.kind === 'file') {
        await sendFileThroughRing(piece.filePath, piece.size, sink, report);
        continue;
      }
      const more = sink.write(piece.bytes, () => undefined);
      report(piece.bytes.length);
      if (!more) await sink.drained();
    }
  }

  return {
    ok: true,
    value: { contentType: `multipart/form-data; boundary=${boundary}`, contentLength, writeTo },
  };
}
