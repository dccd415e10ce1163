// The renderer's WebSocket bridge against a real loopback socket server (run in Node, so it lives
// beside the browser-mode host rather than in renderer/, which never touches Node modules).
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { SocketLike } from '../../renderer/src/bridge/ws-bridge';
import { WsBridge, DISCONNECTED_CODE } from '../../renderer/src/bridge/ws-bridge';
import { encodeStreamChunkFrame } from '../../shared/ipc/stream-frame';

// A real loopback WebSocket server standing in for the host; the bridge is the code under test.
function startServer(port = 0): Promise<WebSocketServer> {
  return new Promise((resolve) => {
    const server: WebSocketServer = new WebSocketServer({ host: '127.0.0.1', port }, () =>
      resolve(server),
    );
  });
}
const portOf = (server: WebSocketServer) => (server.address() as { port: number }).port;
const closeServer = (server: WebSocketServer) =>
  new Promise<void>((resolve) => {
    for (const client of server.clients) client.terminate();
    server.close(() => resolve());
  });
const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;
// Socket traffic has no single event to await here; the bound (at least 30 s) is generous so a
// loaded machine only makes the wait longer, while a condition never reached still fails.
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 3000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition not reached');
};

const servers: WebSocketServer[] = [];
const bridges: WsBridge[] = [];
afterEach(async () => {
  bridges.splice(0).forEach((b) => b.stop());
  await Promise.all(servers.splice(0).map(closeServer));
});

describe('WsBridge', () => {
  it('answers requests by id and sends the token in the URL', async () => {
    const server = await startServer();
    servers.push(server);
    let seenUrl = '';
    server.on('connection', (socket, req) => {
      seenUrl = req.url ?? '';
      socket.on('message', (data) => {
        const msg = JSON.parse(String(data));
        socket.send(
          JSON.stringify({
            t: 'res',
            id: msg.id,
            result: { ok: true, value: { configured: false, echo: msg.channel } },
          }),
        );
      });
    });
    const bridge = new WsBridge({
      url: `ws://127.0.0.1:${portOf(server)}/ipc?token=abc`,
      createSocket,
    });
    bridges.push(bridge);
    bridge.start();
    const result = await bridge.invoke('key:status', {});
    expect(result).toEqual({ ok: true, value: { configured: false, echo: 'key:status' } });
    expect(seenUrl).toBe('/ipc?token=abc');
  });

  it('delivers valid events and drops ones that break the contract', async () => {
    const server = await startServer();
    servers.push(server);
    const notice = {
      id: 'n1',
      title: 'Done',
      body: 'Take ready',
      tone: 'success',
      target: { screen: 'jobs', jobId: 'j1' },
    };
    server.on('connection', (socket) => {
      socket.send(JSON.stringify({ t: 'evt', channel: 'notifications:show', payload: {} }));
      socket.send(JSON.stringify({ t: 'evt', channel: 'notifications:show', payload: notice }));
    });
    const bridge = new WsBridge({ url: `ws://127.0.0.1:${portOf(server)}/ipc`, createSocket });
    bridges.push(bridge);
    const seen: unknown[] = [];
    bridge.on('notifications:show', (payload) => seen.push(payload));
    bridge.start();
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([notice]);
  });

  it('reads stream audio from binary frames and ignores it as JSON or malformed', async () => {
    const server = await startServer();
    servers.push(server);
    const audio = new Uint8Array([0, 1, 2, 250, 255]);
    server.on('connection', (socket) => {
      // The old base64 text push breaks the contract now: bytes travel only as a binary frame.
      socket.send(
        JSON.stringify({
          t: 'evt',
          channel: 'stream:chunk',
          payload: { jobId: 'j', seq: 0, data: 'AAAA' },
        }),
      );
      socket.send(new Uint8Array([0, 0, 0, 200, 1, 2]));
      socket.send(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
      socket.send(encodeStreamChunkFrame({ jobId: 'j', seq: 1, data: audio }));
    });
    const bridge = new WsBridge({ url: `ws://127.0.0.1:${portOf(server)}/ipc`, createSocket });
    bridges.push(bridge);
    const seen: { seq: number; data: Uint8Array }[] = [];
    bridge.on('stream:chunk', (chunk) => seen.push(chunk));
    bridge.start();
    await waitFor(() => seen.length > 0);
    expect(seen.map((chunk) => chunk.seq)).toEqual([1]);
    expect(seen[0]!.data).toBeInstanceOf(Uint8Array);
    expect(Array.from(seen[0]!.data)).toEqual(Array.from(audio));
    expect(bridge.connection.state).toBe('open');
  });

  it('fails waiting requests when the socket drops, then reconnects', async () => {
    const server = await startServer();
    servers.push(server);
    let connections = 0;
    server.on('connection', (socket) => {
      connections++;
      socket.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.channel === 'jobs:submit') socket.terminate();
        else socket.send(JSON.stringify({ t: 'res', id: msg.id, result: { ok: true, value: [] } }));
      });
    });
    const bridge = new WsBridge({
      url: `ws://127.0.0.1:${portOf(server)}/ipc`,
      createSocket,
      random: () => 0,
    });
    bridges.push(bridge);
    const states: string[] = [];
    bridge.onConnection((info) => states.push(info.reopened ? `${info.state}:again` : info.state));
    bridge.start();
    const dropped = await bridge.invoke('jobs:submit', {
      type: 'text_to_music',
      request: { prompt: 'x', duration: 5 },
      label: 'x',
    });
    expect(dropped.ok).toBe(false);
    if (!dropped.ok) {
      expect(dropped.error.code).toBe(DISCONNECTED_CODE);
      expect(dropped.error.message).toMatch(/dropped before it answered/);
    }
    const again = await bridge.invoke('jobs:list', {});
    expect(again).toEqual({ ok: true, value: [] });
    expect(connections).toBe(2);
    expect(states).toEqual(['open', 'reconnecting', 'open:again']);
  });

  it('fails a request clearly when no host ever answers', async () => {
    const server = await startServer();
    const port = portOf(server);
    await closeServer(server);
    const bridge = new WsBridge({
      url: `ws://127.0.0.1:${port}/ipc`,
      createSocket,
      connectWaitMs: 300,
    });
    bridges.push(bridge);
    bridge.start();
    const result = await bridge.invoke('settings:get', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/Not connected to the Soundstage host/);
    expect(bridge.connection.state).toBe('reconnecting');
  });
});

describe('WsBridge against a server that never answers the upgrade', () => {
  it('gives up on the hanging socket and tries again', async () => {
    const upgrades: Duplex[] = [];
    const server: Server = createServer();
    // Accept the TCP connection and the upgrade request, then say nothing.
    server.on('upgrade', (_request, socket: Duplex) => upgrades.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const bridge = new WsBridge({
      url: `ws://127.0.0.1:${port}/ipc`,
      createSocket,
      openTimeoutMs: 200,
      random: () => 0,
    });
    bridges.push(bridge);
    bridge.start();
    await waitFor(() => upgrades.length >= 2);
    expect(bridge.connection.state).not.toBe('open');
    bridge.stop();
    upgrades.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
