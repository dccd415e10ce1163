import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, statusOf } from '../../shared/node/http/raw-request';
import { startBrowserHost, type BrowserHost } from './host';

/** The browser-mode host on a real loopback port, serving a tiny renderer folder. */
let dir: string;
let host: BrowserHost;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soundstage-host-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>ok</title>');
  host = await startBrowserHost({
    rendererDir: join(dir, 'renderer'),
    uploadsDir: join(dir, 'uploads'),
    token: 'host-test-token',
    dispatch: () => Promise.resolve({ ok: true, value: null }),
    subscribe: () => () => undefined,
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
