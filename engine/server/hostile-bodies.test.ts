import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';

/**
 * Hostile request bodies against a real engine process started with a 128 MB heap, the setting
 * under which a 6 MB urlencoded body once crashed it. Growth of the process's resident memory is
 * read from /proc before and after each body; the bound is generous (64 MB) because the
 * measurement includes the allocator's own slack.
 */
const KEY = 'sk_hostile_bodies';
const MB = 1024 * 1024;
const RSS_BOUND_MB = 64;

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const dataDir = await tempDir('soundstage-hostile-');
  child = spawn(
    process.execPath,
    [
      '--max-old-space-size=128',
      '--import',
      'tsx',
      'engine/cli.ts',
      '--data',
      dataDir,
      '--key',
      KEY,
      '--port',
      '0',
    ],
    { cwd: join(import.meta.dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Soundstage engine listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`engine exited early (${code})`)));
  });
  // Warm up the request path so the first measured body does not pay for lazy module loads.
  await servicesStatus();
}, 60_000);

afterAll(() => {
  child.kill('SIGKILL');
});

async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

async function servicesStatus(): Promise<number> {
  const res = await fetch(`${url}/v1/account/services`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  await res.arrayBuffer();
  return res.status;
}

interface StreamedAnswer {
  status: number;
  body: { code?: string; message?: string };
  /** Body bytes the client managed to hand to its socket before the answer ended the exchange. */
  sent: number;
}

/**
 * POSTs `total` bytes made of one repeated chunk (nothing large is allocated), streamed, with or
 * without a Content-Length. Resolves with the engine's answer; write errors after the answer
 * (the engine closing a socket it refused to read) are expected and ignored.
 */
function postStreamed(
  path: string,
  contentType: string,
  total: number,
  chunk: Buffer,
  sized: boolean,
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': contentType,
        ...(sized ? { 'content-length': String(total) } : {}),
      },
    });
    let answered = false;
    // A reset after the answer is expected (the engine closes what it will not read); one
    // before it means the answer was lost.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}'), sent });
        req.destroy();
      });
      res.on('error', reject);
    });
    const pump = () => {
      while (sent < total && !req.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

/** `a=xxxx&a=xxxx&…`: many small urlencoded fields, the shape that used to balloon memory. */
const URLENCODED_CHUNK = Buffer.from('a=' + 'x'.repeat(14) + '&').subarray(0, 17);
const urlencodedChunk = Buffer.concat(Array.from({ length: 4096 }, () => URLENCODED_CHUNK));
const jsonChunk = Buffer.from('{"prompt":"' + 'x'.repeat(64 * 1024 - 14) + '",');

describe('the engine under hostile bodies', () => {
  it('refuses a 6 MB urlencoded body from its headers with 413, memory flat', async () => {
    const before = await rssMb();
    const answer = await postStreamed(
      '/v1/text-to-sfx',
      'application/x-www-form-urlencoded',
      6 * MB,
      urlencodedChunk,
      true,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect(answer.body.message).toMatch(/1 MB/);
    expect((await rssMb()) - before).toBeLessThan(RSS_BOUND_MB);
    expect(await servicesStatus()).toBe(200);
  });

  it('cuts off an unsized 6 MB urlencoded body at 1 MB while it streams', async () => {
    const before = await rssMb();
    const answer = await postStreamed(
      '/v1/text-to-sfx',
      'application/x-www-form-urlencoded',
      6 * MB,
      urlencodedChunk,
      false,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect((await rssMb()) - before).toBeLessThan(RSS_BOUND_MB);
    expect(await servicesStatus()).toBe(200);
  });

  it('refuses a 400 MB JSON body without reading it', async () => {
    const before = await rssMb();
    const answer = await postStreamed(
      '/v1/text-to-music',
      'application/json',
      400 * MB,
      jsonChunk,
      true,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'payload_too_large', message: expect.any(String) });
    // Only what the sockets buffer got out of the client before the answer, not the body.
    expect(answer.sent).toBeLessThan(100 * MB);
    expect((await rssMb()) - before).toBeLessThan(RSS_BOUND_MB);
    expect(await servicesStatus()).toBe(200);
  });

  it('refuses an unsized JSON body of any length without reading it', async () => {
    const answer = await postStreamed(
      '/v1/text-to-music',
      'application/json',
      400 * MB,
      jsonChunk,
      false,
    );
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(100 * MB);
    expect(await servicesStatus()).toBe(200);
  });

  it('still answers a small JSON body like the live service: 422 Field required', async () => {
    const res = await fetch(`${url}/v1/text-to-sfx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'rain', duration: 5 }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { msg: string }[] };
    expect(body.errors.map((e) => e.msg)).toContain('Field required');
  });

  it('refuses a multipart form with more fields than any endpoint takes', async () => {
    const form = new FormData();
    for (let i = 0; i < 500; i++) form.append(`f${i}`, 'x');
    const res = await fetch(`${url}/v1/text-to-sfx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_request', message: 'Too many form fields' });
    expect(await servicesStatus()).toBe(200);
  });

  it('caps the text of a multipart body at 1 MB while it streams', async () => {
    const part = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="prompt"\r\n\r\n${'y'.repeat(256 * 1024)}\r\n`,
    );
    const before = await rssMb();
    const answer = await postStreamed(
      '/v1/text-to-sfx',
      'multipart/form-data; boundary=b',
      64 * part.length,
      part,
      false,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect((await rssMb()) - before).toBeLessThan(RSS_BOUND_MB);
    expect(await servicesStatus()).toBe(200);
  });
});
