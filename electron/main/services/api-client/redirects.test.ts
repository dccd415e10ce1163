import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './http';

/** Two loopback servers on different ports (so different origins) bouncing requests between them. */
interface Seen {
  server: string;
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}
const seen: Seen[] = [];
let a: Server;
let b: Server;
let aUrl = '';
let bUrl = '';

function listen(name: string, route: (url: string) => [number, Record<string, string>]) {
  const server = createServer((req, res) => {
    seen.push({ server: name, url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    req.resume();
    const [status, headers] = route(req.url ?? '');
    res.writeHead(status, headers).end(status === 200 ? 'done' : '');
  });
  return new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  a = await listen('a', (url) => {
    if (url === '/same') return [307, { Location: '/final' }];
    if (url === '/away') return [302, { Location: `${bUrl}/bounce` }];
    if (url === '/loop') return [302, { Location: '/loop' }];
    if (url === '/see-other') return [303, { Location: '/final' }];
    return [200, {}];
  });
  b = await listen('b', () => [302, { Location: `${aUrl}/final` }]);
  aUrl = urlOf(a);
  bUrl = urlOf(b);
});
afterAll(() => {
  a?.close();
  b?.close();
});

const credentials = { Authorization: 'Bearer sk_live_customer_7f3a', Cookie: 'sid=1', Accept: 'x' };

describe('send follows redirects itself and keeps credentials on their origin', () => {
  it('keeps the key on a same-origin redirect', async () => {
    seen.length = 0;
    const answer = await send(fetch, `${aUrl}/same`, { method: 'GET', headers: credentials });
    expect(answer.ok && answer.value.status).toBe(200);
    expect(seen.map((s) => [s.server, s.url, s.headers.authorization])).toEqual([
      ['a', '/same', credentials.Authorization],
      ['a', '/final', credentials.Authorization],
    ]);
  });

  it('drops the key and cookies at another origin, and does not add them back on the way home', async () => {
    seen.length = 0;
    const answer = await send(fetch, `${aUrl}/away`, { method: 'GET', headers: credentials });
    expect(answer.ok && answer.value.status).toBe(200);
    expect(seen.map((s) => [s.server, s.url])).toEqual([
      ['a', '/away'],
      ['b', '/bounce'],
      ['a', '/final'],
    ]);
    for (const hop of seen.slice(1)) {
      expect(hop.headers.authorization).toBeUndefined();
      expect(hop.headers.cookie).toBeUndefined();
      expect(hop.headers.accept).toBe('x');
    }
  });

  it('turns a 303 into a GET and stops after five hops', async () => {
    seen.length = 0;
    const posted = await send(fetch, `${aUrl}/see-other`, { method: 'POST', headers: {} });
    expect(posted.ok && posted.value.status).toBe(200);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'GET']);
    seen.length = 0;
    const looped = await send(fetch, `${aUrl}/loop`, { method: 'GET', headers: {} });
    expect(looped).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(seen).toHaveLength(6);
  });
});
