import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { safeFetchToFile } from './safe-fetch';

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await tempDir('soundstage-fetch-');
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/file.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(1000, 7));
    } else if (path === '/big') {
      // No content-length: the cap has to be enforced while streaming.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(1000, 1));
      res.end();
    } else if (path === '/trickle') {
      // One byte every 50 ms, forever: always inside any idle timeout.
      res.writeHead(200, { 'content-type': 'video/mp4' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    } else if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (path === '/to-mapped') {
      res.writeHead(301, { location: 'http://[::ffff:10.0.0.1]/x' });
      res.end();
    } else if (path === '/to-file') {
      res.writeHead(302, { location: '/file.bin' });
      res.end();
    } else if (path.startsWith('/loop')) {
      const n = Number(path.slice(5) || '0');
      res.writeHead(302, { location: `/loop${n + 1}` });
      res.end();
    } else {
      res.writeHead(404);
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const dest = (name: string) => join(dir, name);

describe('safeFetchToFile', () => {
  it('downloads from an allowed host and follows a relative redirect', async () => {
    const result = await safeFetchToFile(`${base}/to-file`, {
      destPath: dest('a.bin'),
      maxBytes: 10_000,
      allowLoopback: true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.bytes).toBe(1000);
    expect((await readFile(result.value.path)).length).toBe(1000);
    expect(result.value.finalUrl).toBe(`${base}/file.bin`);
  });

  it('refuses loopback without the test flag, by IP and by name', async () => {
    for (const url of [
      `${base}/file.bin`,
      base.replace('127.0.0.1', 'localhost') + '/file.bin',
      'http://[::1]:9/x',
      'http://[::ffff:127.0.0.1]:9/x',
    ]) {
      const result = await safeFetchToFile(url, { destPath: dest('b.bin'), maxBytes: 10_000 });
      expect(result.ok ? 'ok' : result.error.kind, url).toBe('blocked');
    }
  });

  it('refuses metadata and private addresses directly', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
      'http://100.64.1.1/',
    ]) {
      const result = await safeFetchToFile(url, {
        destPath: dest('c.bin'),
        maxBytes: 10_000,
        allowLoopback: true,
      });
      expect(result.ok ? 'ok' : result.error.kind, url).toBe('blocked');
    }
  });

  it('re-checks every redirect hop', async () => {
    for (const path of ['/to-metadata', '/to-mapped']) {
      const result = await safeFetchToFile(base + path, {
        destPath: dest('d.bin'),
        maxBytes: 10_000,
        allowLoopback: true,
      });
      expect(result.ok ? 'ok' : result.error.kind, path).toBe('blocked');
    }
  });

  it('stops after 5 redirects', async () => {
    const result = await safeFetchToFile(`${base}/loop0`, {
      destPath: dest('e.bin'),
      maxBytes: 10_000,
      allowLoopback: true,
    });
    expect(result.ok ? 'ok' : result.error.kind).toBe('too_many_redirects');
  });

  it('enforces the size cap while streaming', async () => {
    const result = await safeFetchToFile(`${base}/big`, {
      destPath: dest('f.bin'),
      maxBytes: 5_000,
      allowLoopback: true,
    });
    expect(result.ok ? 'ok' : result.error.kind).toBe('too_large');
    await expect(readFile(dest('f.bin'))).rejects.toThrow();
  });

  it('refuses non-http schemes, and plain http when https is required', async () => {
    const ftp = await safeFetchToFile('ftp://example.com/x', {
      destPath: dest('g.bin'),
      maxBytes: 10,
    });
    expect(ftp.ok ? 'ok' : ftp.error.kind).toBe('scheme');
    const file = await safeFetchToFile('file:///etc/passwd', {
      destPath: dest('g.bin'),
      maxBytes: 10,
    });
    expect(file.ok ? 'ok' : file.error.kind).toBe('scheme');
    const plain = await safeFetchToFile(`${base}/file.bin`, {
      destPath: dest('g.bin'),
      maxBytes: 10_000,
      httpsOnly: true,
      allowLoopback: true,
    });
    expect(plain.ok ? 'ok' : plain.error.kind).toBe('scheme');
  });

  it('reports HTTP errors as values', async () => {
    const result = await safeFetchToFile(`${base}/missing`, {
      destPath: dest('h.bin'),
      maxBytes: 10_000,
      allowLoopback: true,
    });
    expect(result.ok ? 'ok' : result.error.kind).toBe('http_status');
  });

  it('gives up on a server that trickles bytes once the total deadline passes', async () => {
    const result = await safeFetchToFile(`${base}/trickle`, {
      destPath: dest('i.bin'),
      maxBytes: 10_000_000,
      allowLoopback: true,
      idleTimeoutMs: 5_000,
      deadlineMs: 600,
    });
    expect(result.ok ? 'ok' : result.error).toEqual({
      kind: 'deadline',
      message: 'The download did not finish within 1 s',
    });
    await expect(readFile(dest('i.bin'))).rejects.toThrow();
  });
});
