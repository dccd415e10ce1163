import { promises as fs } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadToFile } from './download';
import { readJson, send } from './http';
import { consumeMusicStream } from './ndjson-stream';

/**
 * A real loopback server that misbehaves the ways a broken or hostile service can: it lies about
 * sizes, sends forever, stalls, or never answers. The client must stop each one, keep nothing
 * half-written, and say what happened.
 */
let server: Server;
let base: string;
let dir: string;
const open = new Set<ServerResponse>();

const routes: Record<string, (res: ServerResponse) => void> = {
  // States 1000 bytes, sends 5 MB.
  '/liar': (res) => {
    res.writeHead(200, { 'content-type': 'audio/wav' });
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < 5 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
      if (sent >= 5 * 1024 * 1024) res.end();
      else res.once('drain', pump);
    };
    pump();
  },
  // Sends a little, then nothing (the socket stays open).
  '/stall': (res) => {
    open.add(res);
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': '100000' });
    res.write(Buffer.alloc(1000));
  },
  // Accepts the request and never answers.
  '/silent': (res) => {
    open.add(res);
  },
  // A JSON answer of 20 MB.
  '/huge-json': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"pad":"${'x'.repeat(20 * 1024 * 1024)}"}`);
  },
  // One NDJSON line that never ends.
  '/endless-line': (res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const chunk = Buffer.from('a'.repeat(1024 * 1024));
    let sent = 0;
    const pump = () => {
      while (sent < 40 && res.write(chunk)) sent += 1;
      if (sent >= 40) res.end();
      else res.once('drain', pump);
    };
    pump();
  },
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hostile-service-'));
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the client against a misbehaving service', () => {
  it('stops a download that passes its stated size and keeps nothing', async () => {
    const dest = path.join(dir, 'liar.wav');
    const result = await downloadToFile(fetch, `${base}/liar`, dest, { expectedBytes: 1000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'download_too_large' } });
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('gives up a download that stalls, with a retryable error', async () => {
    const dest = path.join(dir, 'stall.wav');
    const result = await downloadToFile(fetch, `${base}/stall`, dest, { idleMs: 300 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'download_stalled', retryable: true },
    });
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('gives up a request the service never answers', async () => {
    const result = await send(fetch, `${base}/silent`, {
      method: 'GET',
      headers: {},
      connectMs: 300,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/did not answer within/);
  });

  it('refuses a JSON answer over its limit without reading it whole', async () => {
    const sent = await send(fetch, `${base}/huge-json`, { method: 'GET', headers: {} });
    if (!sent.ok) throw new Error(sent.error.message);
    const parsed = await readJson(sent.value, (value) => ({ success: true, data: value }));
    expect(parsed).toMatchObject({ ok: false });
    expect(!parsed.ok && parsed.error.message).toMatch(/larger than/);
  });

  it('stops an NDJSON stream whose line never ends', async () => {
    const response = await fetch(`${base}/endless-line`);
    const result = await consumeMusicStream(response.body!, `${base}/endless-line`, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'UPSTREAM_MALFORMED' } });
    expect(!result.ok && result.error.message).toMatch(/longer than/);
  });
});
