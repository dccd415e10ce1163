import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, statusOf } from '../../shared/node/http/raw-request';
import WebSocket from 'ws';
import { decodeStreamChunkFrame } from '../../shared/ipc/stream-frame';
import { createEventHub } from './event-hub';
import { startBrowserHost, type BrowserHost } from './host';

/** The browser-mode host on a real loopback port, serving a tiny renderer folder. */
let dir: string;
let host: BrowserHost;
const hub = createEventHub();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soundstage-host-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>ok</title>');
  host = await startBrowserHost({
    rendererDir: join(dir, 'renderer'),
    uploadsDir: join(dir, 'uploads'),
    token: 'host-test-token',
    dispatch: (channel) => Promise.resolve({ ok: true, value: { echo: channel } }),
    subscribe: hub.subscribe,
    allowMediaPath: () => Promise.resolve(null),
    uploadsQuotaBytes: 64 * 1024,
  });
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('browser-mode host', () => {
  it('answers malformed percent-encoding in a path or query with 400 and keeps serving', async () => {
    for (const target of [
      '/%E0%A4%A',
      '/assets/%C3',
      '/media?token=host-test-token&path=%E0%A4%A',
      '/index.html?x=%ZZ',
    ]) {
      const res = await fetch(`${host.origin}${target}`);
      expect(res.status, target).toBe(400);
      expect(await res.text()).toBe('Malformed percent-encoding in the URL');
    }
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>ok</title>');
  });

  it('still decodes valid percent-encoding in paths', async () => {
    const res = await fetch(`${host.origin}/index%2Ehtml`);
    expect(res.status).toBe(200);
    const missing = await fetch(`${host.origin}/caf%C3%A9.js`);
    expect(missing.status).toBe(404);
  });
});

describe('browser-mode host against requests no browser sends', () => {
  const port = () => Number(new URL(host.origin).port);
  const upgrade = (target: string, extra = '') =>
    `GET ${target} HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nUpgrade: websocket\r\n` +
    `Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

  it('answers an upgrade to an unparsable target with 400 and keeps serving', async () => {
    // `//[` made `new URL` throw inside the upgrade listener, which ended the whole process.
    for (const target of ['//[', '/ws?token=%E0%A4%A', 'http://[::1']) {
      const answer = await rawRequest(port(), upgrade(target));
      expect(statusOf(answer), target).toBe(400);
    }
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
  });

  it('refuses an upgrade without the token with 403', async () => {
    const answer = await rawRequest(port(), upgrade('/ws'));
    expect(statusOf(answer)).toBe(403);
  });

  it('answers a 64 KB header with 431 and a garbage request line with 400', async () => {
    const huge = `GET / HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    expect(statusOf(await rawRequest(port(), huge))).toBe(431);
    expect(statusOf(await rawRequest(port(), 'NOT HTTP AT ALL\r\n\r\n'))).toBe(400);
    const plain = await rawRequest(
      port(),
      `GET //[ HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(plain)).toBe(400);
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
  });
});

describe('browser-mode uploads', () => {
  const upload = (bytes: number) =>
    fetch(`${host.origin}/upload?name=clip.mp4`, {
      method: 'POST',
      headers: { 'x-soundstage-token': 'host-test-token' },
      body: Buffer.alloc(bytes),
    });

  it('keeps the uploads folder under its quota and says where it is', async () => {
    expect((await upload(40 * 1024)).status).toBe(200);
    const refused = await upload(40 * 1024);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toContain(join(dir, 'uploads'));
    // A small file still fits beside the first.
    expect((await upload(1024)).status).toBe(200);
  });
});

describe('browser-mode pushes over the socket', () => {
  type Frame = { binary: boolean; data: Buffer };
  /** A page's socket: the right origin and token, recording every frame the host sends. */
  async function connect(): Promise<{ socket: WebSocket; frames: Frame[] }> {
    const url = `${host.origin.replace('http', 'ws')}/ipc?token=host-test-token`;
    const socket = new WebSocket(url, { origin: host.origin });
    const frames: Frame[] = [];
    socket.on('message', (data, binary) => frames.push({ binary, data: data as Buffer }));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return { socket, frames };
  }
  // Socket traffic has no single event to await; the bound is generous and never asserted.
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 3000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    if (!check()) throw new Error('condition not reached');
  };

  it('sends stream audio as one binary frame and other pushes as JSON text', async () => {
    const { socket, frames } = await connect();
    const audio = new Uint8Array([0, 127, 128, 255]);
    hub.emit('stream:chunk', { jobId: 'job-9', seq: 4, data: audio });
    hub.emit('engine:changed', { kind: 'local', state: 'running' });
    await waitFor(() => frames.length >= 2);
    socket.close();
    const [chunk, other] = frames;
    expect(chunk!.binary).toBe(true);
    const decoded = decodeStreamChunkFrame(new Uint8Array(chunk!.data));
    expect(decoded?.jobId).toBe('job-9');
    expect(decoded?.seq).toBe(4);
    expect(Array.from(decoded!.data)).toEqual(Array.from(audio));
    // The frame is the header and the bytes: no base64 text anywhere in it.
    expect(chunk!.data.byteLength).toBeLessThan(4 + 64 + audio.byteLength);
    expect(other!.binary).toBe(false);
    expect(JSON.parse(String(other!.data))).toEqual({
      t: 'evt',
      channel: 'engine:changed',
      payload: { kind: 'local', state: 'running' },
    });
  });

  it('ignores binary frames from a client and keeps answering its requests', async () => {
    const { socket, frames } = await connect();
    const request = JSON.stringify({ t: 'req', id: 1, channel: 'key:status', request: {} });
    for (const junk of [
      new Uint8Array(0),
      new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3]),
      new Uint8Array([0, 0, 0, 2, 0x7b, 0x7d]),
      // A request's JSON sent as binary is still not read: clients send text only. Its id
      // differs, so an answer to it would arrive first and fail the check below.
      new TextEncoder().encode(request.replace('"id":1', '"id":2')),
      new Uint8Array(256 * 1024).fill(0x5b),
    ]) {
      socket.send(junk, { binary: true });
    }
    socket.send(request);
    await waitFor(() => frames.length >= 1);
    expect(frames.map((frame) => JSON.parse(String(frame.data)))).toEqual([
      { t: 'res', id: 1, result: { ok: true, value: { echo: 'key:status' } } },
    ]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
  });
});
