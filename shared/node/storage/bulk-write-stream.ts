import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * How much a file being written from the network may hold in memory before it pushes back.
 * Node's default (16 KiB) is smaller than one socket read (32–64 KiB), so a piped upload or
 * download paused after every read until that one disk write came back from the thread pool:
 * the receiver sat idle between reads, waiting on thread hand-offs. With 1 MiB, writes queue up
 * and go out together while the socket keeps being read. Measured on a 300 MB upload to the
 * engine (docs/decisions/108-bulk-write-buffer.md): engine CPU 0.60 → 0.47 s, wall 0.71 → 0.57 s.
 */
export const BULK_WRITE_BUFFER_BYTES = 1024 * 1024;

/** A file write stream for bytes arriving from a socket (uploads received, results downloaded). */
export function createBulkWriteStream(path: string, mode?: number): WriteStream {
  return createWriteStream(path, {
    highWaterMark: BULK_WRITE_BUFFER_BYTES,
    ...(mode === undefined ? {} : { mode }),
  });
}
