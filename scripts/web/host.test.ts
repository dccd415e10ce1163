import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
