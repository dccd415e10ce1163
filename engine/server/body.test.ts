import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { readForm } from './body';
import { rejectionBody } from './rejection';

let server: Server;
let url: string;
let dir: string;
let uploads = 0;

/** A server that answers with what readForm made of the body. */
beforeAll(async () => {
  dir = await tempDir('soundstage-body-');
  server = createServer((req, res) => {
    void readForm(req, { uploadDir: join(dir, `u${uploads++}`), maxUploadMb: 1 }).then(
      async (form) => {
        if (!form.ok) {
          res.writeHead(form.error.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(rejectionBody(form.error)));
          return;
        }
        const entries = await Promise.all(
          form.value.entries.map(async (entry) =>
            entry.kind === 'text'
              ? entry
              : {
                  name: entry.name,
                  kind: 'file',
                  filename: entry.file.filename,
                  size: entry.file.size,
                  bytes: (await readFile(entry.file.path)).length,
                },
          ),
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(entries));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('readForm', () => {
  it('keeps bracket names, repeats, empty values and file-vs-text parts in order', async () => {
    const script = '1\n00:00:00,000 --> 00:00:01,000\nHola\n';
    const form = new FormData();
    form.append('languages', '["es","fr"]');
    form.append('subtitles[es]', new Blob([script]), 'es.srt');
    form.append('subtitles[es]', 'https://example.com/es.srt');
    form.append('subtitles[fr]', '');
    form.append('subtitles', 'bare');
    const res = await fetch(url, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const entries = (await res.json()) as {
      name: string;
      kind: string;
      value?: string;
      size?: number;
      bytes?: number;
    }[];
    expect(entries.map((e) => [e.name, e.kind])).toEqual([
      ['languages', 'text'],
      ['subtitles[es]', 'file'],
      ['subtitles[es]', 'text'],
      ['subtitles[fr]', 'text'],
      ['subtitles', 'text'],
    ]);
    expect(entries[1]).toMatchObject({
      filename: 'es.srt',
      size: script.length,
      bytes: script.length,
    });
    expect(entries[3]?.value).toBe('');
  });

  it('parses urlencoded bodies, including unicode', async () => {
    const body = new URLSearchParams([
      ['prompt', 'calm piano — ☕'],
      ['duration', '30'],
    ]);
    const res = await fetch(url, { method: 'POST', body });
    const entries = (await res.json()) as { name: string; value: string }[];
    expect(entries).toEqual([
      { name: 'prompt', kind: 'text', value: 'calm piano — ☕' },
      { name: 'duration', kind: 'text', value: '30' },
    ]);
  });

  it('reads a small JSON body as an empty form, unparsed', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prompt":"x"}',
    });
    expect(await res.json()).toEqual([]);
  });

  it('answers 413 for a file over the upload cap, after reading the whole body', async () => {
    const big = join(dir, 'big.bin');
    await writeFile(big, Buffer.alloc(1024 * 1024 + 10, 3));
    const form = new FormData();
    form.append('video', new Blob([await readFile(big)]), 'big.mp4');
    const res = await fetch(url, { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'payload_too_large', message: 'Max 1MB' });
  });

  it('answers 400 for a malformed multipart body', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(res.status).toBe(400);
  });
});
