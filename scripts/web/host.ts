import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  TOKEN_HEADER,
  UPLOAD_PATH,
  WS_PATH,
  wsClientMessageSchema,
  type WsServerMessage,
} from '../../shared/ipc/ws-protocol';
import type { Result } from '../../shared/ipc/result';
import {
  encodeStreamChunkFrame,
  STREAM_CHUNK_CHANNEL,
  streamChunkSchema,
} from '../../shared/ipc/stream-frame';
import { contentSecurityPolicy } from '../../shared/security/csp';
import {
  guardServer,
  parseRequestTarget,
  refuseSocket,
} from '../../shared/node/http/request-target';
import { LaunchCodes } from './launch-codes';
import { serveMediaFile } from './media-route';
import { serveStatic } from './static-files';
import { receiveUpload } from './upload-route';

export interface BrowserHostOptions {
  rendererDir: string;
  uploadsDir: string;
  token: string;
  port?: number;
  /**
   * Validates and runs one IPC request (the same dispatcher Electron's handlers use). `client`
   * names the WebSocket connection (one per tab), so main can tell two tabs apart.
   */
  dispatch(channel: string, request: unknown, client: string): Promise<Result<unknown>>;
  /** A connection closed: main releases what that tab held (its open project). */
  onClientClosed?(client: string): void;
  /** Main's push events; returns an unsubscribe function. */
  subscribe(listener: (channel: string, payload: unknown) => void): () => void;
  /** The real path of a file the renderer may load, or null when it is outside the app's folders. */
  allowMediaPath(path: string): Promise<string | null>;
  /** How long a launch link stays usable (tests pass 0 to see one expire). */
  launchCodeTtlMs?: number;
  /** Most the uploads folder may hold (20 GB by default; tests pass less). */
  uploadsQuotaBytes?: number;
}

export interface BrowserHost {
  origin: string;
  /** The URL to print: the token travels in the fragment, which is never sent to the server. */
  url: string;
  /** A one-time URL without the token, for a command line (the system's URL opener). */
  launchUrl(): string;
  mediaUrlFor(path: string): string;
  close(): Promise<void>;
}

function sameToken(a: string | null | undefined, b: string): boolean {
  if (!a) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Browser mode: serves the built renderer on 127.0.0.1 and carries the IPC contract over one
 * WebSocket. Every entry point checks the per-run token, and requests must name this loopback
 * host (against DNS rebinding) and come from this origin (against other sites' pages).
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  let origin = '';
  const launchCodes = new LaunchCodes(options.launchCodeTtlMs);
  const hostHeaderOk = (request: IncomingMessage) => `http://${request.headers.host}` === origin;

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (!hostHeaderOk(request)) {
        response.writeHead(421).end();
        return;
      }
      const target = parseRequestTarget(request.url, origin);
      if (!target.ok) {
        response.writeHead(target.status, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(target.message);
        return;
      }
      const url = target.url;
      const securityHeaders = {
        'Content-Security-Policy': contentSecurityPolicy(origin),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cross-Origin-Opener-Policy': 'same-origin',
      };
      if (url.pathname === UPLOAD_PATH && request.method === 'POST') {
        if (!sameToken(request.headers[TOKEN_HEADER] as string | undefined, options.token)) {
          response.writeHead(403).end();
          return;
        }
        await receiveUpload(options.uploadsDir, request, response, options.uploadsQuotaBytes);
        return;
      }
      if (url.pathname === '/media' && request.method === 'GET') {
        const allowed = sameToken(url.searchParams.get('token'), options.token)
          ? await options.allowMediaPath(url.searchParams.get('path') ?? '')
          : null;
        if (!allowed) {
          response.writeHead(403).end();
          return;
        }
        await serveMediaFile(allowed, request, response);
        return;
      }
      if (url.pathname.startsWith(LAUNCH_PREFIX) && request.method === 'GET') {
        answerLaunch(
          launchCodes.redeem(url.pathname.slice(LAUNCH_PREFIX.length)),
          options.token,
          response,
        );
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      await serveStatic(options.rendererDir, request, response, securityHeaders);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  guardServer(server);
  // Runs before any check, on whatever target and headers arrive: nothing in it may throw.
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => undefined);
    try {
      const target = parseRequestTarget(request.url, origin);
      if (!target.ok) {
        refuseSocket(socket, 400, 'Bad Request');
        return;
      }
      const allowed =
        target.url.pathname === WS_PATH &&
        hostHeaderOk(request) &&
        request.headers.origin === origin &&
        sameToken(target.url.searchParams.get('token'), options.token);
      if (!allowed) {
        refuseSocket(socket, 403, 'Forbidden');
        return;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => attachClient(ws, options));
    } catch {
      refuseSocket(socket, 400, 'Bad Request');
    }
  });
  sockets.on('error', () => undefined);

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/#token=${options.token}`,
    launchUrl: () => `${origin}${LAUNCH_PREFIX}${launchCodes.issue()}`,
    mediaUrlFor: (path) =>
      `${origin}/media?token=${options.token}&path=${encodeURIComponent(path)}`,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const LAUNCH_PREFIX = '/launch/';

/** A fresh code becomes a redirect to the page with the token; a used or stale one is gone. */
function answerLaunch(redeemed: boolean, token: string, response: ServerResponse): void {
  const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
  if (redeemed) {
    response.writeHead(303, { ...noStore, Location: `/#token=${token}` }).end();
    return;
  }
  response
    .writeHead(410, { ...noStore, 'Content-Type': 'text/plain; charset=utf-8' })
    .end(
      'This Soundstage link was already used or has expired. Open the address printed in the terminal where Soundstage runs.\n',
    );
}

function attachClient(ws: WebSocket, options: BrowserHostOptions): void {
  const send = (message: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = options.subscribe((channel, payload) => {
    if (channel !== STREAM_CHUNK_CHANNEL) {
      send({ t: 'evt', channel, payload });
      return;
    }
    // Stream audio goes as one binary frame, never as JSON text (shared/ipc/stream-frame.ts).
    const chunk = streamChunkSchema.safeParse(payload);
    if (chunk.success && ws.readyState === ws.OPEN) ws.send(encodeStreamChunkFrame(chunk.data));
  });
  const client = `tab-${randomUUID()}`;
  ws.on('close', () => {
    unsubscribe();
    options.onClientClosed?.(client);
  });
  // A malformed frame or an oversized message closes this client; it must not end the host.
  ws.on('error', () => ws.terminate());
  ws.on('message', (data, isBinary) => {
    // Clients only ever send JSON text; a binary frame from one is not ours to read.
    if (isBinary) return;
    let parsed;
    try {
      parsed = wsClientMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const { id, channel, request } = parsed.data;
    options
      .dispatch(channel, request, client)
      .then((result) => send({ t: 'res', id, result }))
      .catch((error: unknown) =>
        send({
          t: 'res',
          id,
          result: {
            ok: false,
            error: { code: 'internal', message: String(error), retryable: false },
          },
        }),
      );
  });
}
