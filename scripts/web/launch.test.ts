import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from './host';

/** The browser-mode host on a real loopback port: the opener's link never carries the token. */
const TOKEN = 'tok_abcdefghijklmnopqrstuvwx';
const hosts: BrowserHost[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function start(launchCodeTtlMs?: number): Promise<BrowserHost> {
  const rendererDir = await mkdtemp(join(tmpdir(), 'launch-'));
  dirs.push(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Soundstage</title>');
  const host = await startBrowserHost({
    rendererDir,
    uploadsDir: join(rendererDir, 'uploads'),
    token: TOKEN,
    dispatch: async () => ({ ok: true, value: null }),
    subscribe: () => () => undefined,
    allowMediaPath: async () => null,
    launchCodeTtlMs,
  });
  hosts.push(host);
  return host;
}

const get = (url: string) => fetch(url, { redirect: 'manual' });

describe('launch links for the URL opener', () => {
  it('carry no token, redirect once to the page with the token, then are gone', async () => {
    const host = await start();
    const link = host.launchUrl();
    expect(link).not.toContain(TOKEN);
    expect(link.startsWith(`${host.origin}/launch/`)).toBe(true);
    expect(host.url).toContain(TOKEN);

    const first = await get(link);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/#token=${TOKEN}`);
    expect(first.headers.get('cache-control')).toBe('no-store');

    const second = await get(link);
    expect(second.status).toBe(410);
    const text = await second.text();
    expect(text).toMatch(/already used or has expired/);
    expect(text).not.toContain(TOKEN);
    // Each link is its own code.
    expect(host.launchUrl()).not.toBe(link);
  });

  it('refuses unknown and expired codes', async () => {
    const host = await start();
    expect((await get(`${host.origin}/launch/not-a-code`)).status).toBe(410);
    const expired = await start(0);
    const response = await get(expired.launchUrl());
    expect(response.status).toBe(410);
    expect(response.headers.get('location')).toBeNull();
  });
});
