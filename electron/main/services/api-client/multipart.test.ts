import busboy from 'busboy';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadStoppedError, type ByteSink } from './byte-sink';
import { buildMultipartBody, contentTypeForFile, type MultipartBody } from './multipart';
import { toolPath } from '../../../../shared/node/toolchain';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'multipart-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * A slow sink: it holds each chunk un-copied and copies and releases it only 10 ms later, asking the writer to wait now and then. A writer that reused a buffer before
 * its release would change bytes the sink still holds, and the copy would not equal the file.
 */
function slowSink(): ByteSink & { bytes: () => Buffer; stop: () => void } {
  const copies: Buffer[] = [];
  let pending = 0;
  let writes = 0;
  let stop: (error: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const idle = () =>
    new Promise<void>((resolve) => {
      const check = () => (pending === 0 ? resolve() : setImmediate(check));
      check();
    });
  return {
    stopped,
    write: (bytes, release) => {
      pending += 1;
      // Later than a read of the next chunk takes, as a socket's flush can be.
      setTimeout(() => {
        copies.push(Buffer.from(bytes));
        pending -= 1;
        release();
      }, 10);
      return ++writes % 3 !== 0;
    },
    drained: () => Promise.race([idle(), stopped]),
    bytes: () => Buffer.concat(copies),
    stop: () => stop(new UploadStoppedError('stopped')),
  };
}

async function collect(
  body: MultipartBody,
  onProgress?: (sent: number, total: number) => void,
): Promise<Buffer> {
  const sink = slowSink();
  await body.writeTo(sink, onProgress);
  await sink.drained();
  return sink.bytes();
}

/** Parses a body with busboy, the multipart parser the engine uses. */
function parse(contentType: string, body: Buffer) {
  return new Promise<{
    fields: Record<string, string>;
    files: Record<string, { filename: string; mimeType: string; bytes: Buffer }>;
  }>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, { filename: string; mimeType: string; bytes: Buffer }> = {};
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      const parts: Buffer[] = [];
      stream.on('data', (d: Buffer) => parts.push(d));
      stream.on(
        'end',
        () =>
          (files[name] = {
            filename: info.filename ?? '',
            mimeType: info.mimeType,
            bytes: Buffer.concat(parts),
          }),
      );
    });
    parser.on('close', () => resolve({ fields, files }));
    parser.on('error', reject);
    Readable.from([body]).pipe(parser);
  });
}

describe('buildMultipartBody', () => {
  it('streams text and file parts with an exact Content-Length that a real parser accepts', async () => {
    const video = path.join(dir, 'clip "one".mp4');
    execFileSync(toolPath('ffmpeg'), [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10',
      '-t',
      '1',
      '-y',
      video,
    ]);
    const original = await fs.readFile(video);
    const built = await buildMultipartBody(
      [
        { name: 'prompt', value: 'rainy night — ünïcödé' },
        { name: 'segments', value: '[{"start":0,"end":1,"prompt":"x"}]' },
      ],
      [{ name: 'video', filePath: video }],
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const progress: number[] = [];
    const body = await collect(built.value, (sent) => progress.push(sent));
    expect(body.length).toBe(built.value.contentLength);
    expect(progress.at(-1)).toBe(built.value.contentLength);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const parsed = await parse(built.value.contentType, body);
    expect(parsed.fields).toEqual({
      prompt: 'rainy night — ünïcödé',
      segments: '[{"start":0,"end":1,"prompt":"x"}]',
    });
    expect(parsed.files.video?.filename).toBe('clip %22one%22.mp4');
    expect(parsed.files.video?.mimeType).toBe('video/mp4');
    expect(parsed.files.video?.bytes.equals(original)).toBe(true);
  });

  it('can produce the body twice (a retried request) and handles an empty file', async () => {
    const empty = path.join(dir, 'empty.srt');
    await fs.writeFile(empty, '');
    const built = await buildMultipartBody([], [{ name: 'subtitles[es]', filePath: empty }]);
    if (!built.ok) throw new Error(built.message);
    const first = await collect(built.value);
    const second = await collect(built.value);
    expect(first.length).toBe(built.value.contentLength);
    expect(second.equals(first)).toBe(true);
  });

  it('reports a missing file as a field problem', async () => {
    const built = await buildMultipartBody(
      [],
      [{ name: 'video', filePath: path.join(dir, 'nope.mp4') }],
    );
    expect(built).toMatchObject({ ok: false, field: 'video' });
  });

  it('fails loudly when a file shrinks after the length was promised', async () => {
    const file = path.join(dir, 'shrinks.wav');
    await fs.writeFile(file, Buffer.alloc(100_000, 1));
    const built = await buildMultipartBody([], [{ name: 'voice_file', filePath: file }]);
    if (!built.ok) throw new Error(built.message);
    await fs.truncate(file, 10);
    await expect(collect(built.value)).rejects.toThrow(/changed size/);
  });

  it('fails loudly when a file grows after the length was promised', async () => {
    const file = path.join(dir, 'grows.wav');
    await fs.writeFile(file, Buffer.alloc(100_000, 1));
    const built = await buildMultipartBody([], [{ name: 'voice_file', filePath: file }]);
    if (!built.ok) throw new Error(built.message);
    await fs.appendFile(file, Buffer.alloc(10, 2));
    await expect(collect(built.value)).rejects.toThrow(/changed size/);
  });

  it('sends a file larger than its read buffers byte for byte, and stops when the sink does', async () => {
    const file = path.join(dir, 'big.bin');
    // 5.5 MiB of random bytes: more reads than the ring has buffers, and a short last read.
    const original = randomBytes(5.5 * 1024 * 1024);
    await fs.writeFile(file, original);
    const built = await buildMultipartBody([], [{ name: 'video', filePath: file }]);
    if (!built.ok) throw new Error(built.message);
    const parsed = await parse(built.value.contentType, await collect(built.value));
    expect(parsed.files.video?.bytes.equals(original)).toBe(true);

    const sink = slowSink();
    const writing = built.value.writeTo(
      { ...sink, write: (bytes, release) => (sink.write(bytes, release), false) },
      () => sink.stop(),
    );
    await expect(writing).rejects.toBeInstanceOf(UploadStoppedError);
  });

  it('guesses part content types from the extension', () => {
    expect(contentTypeForFile('/a/b.M4A')).toBe('audio/mp4');
    expect(contentTypeForFile('/a/b.srt')).toBe('application/x-subrip');
    expect(contentTypeForFile('/a/b')).toBe('application/octet-stream');
  });
});
