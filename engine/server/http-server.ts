import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { handleServices, handleUsage } from '../endpoints/account';
import { handleGetTask } from '../endpoints/tasks';
import { CAPABILITIES_PATH, handleCapabilities } from '../endpoints/local-capabilities';
import { serveResultFile } from '../files/serve-file';
import { parseRequestTarget } from '../../shared/node/http/request-target';
import { authenticate } from './auth';
import type { EngineCore } from './engine-core';
import { sendJson, sendRejection } from './respond';
import { handleSubmit } from './submit';

const TASK_PATH = /^\/v1\/tasks\/([^/]+)$/;
const FILE_PATH = /^\/files\/([0-9a-f]{32})\/([A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8})$/;

/** Body bytes discarded after an early answer before the socket is closed (see lingerThenClose). */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2_000;

/** The engine's whole HTTP surface. Never logs headers (keys live there). */
export function createRequestListener(core: EngineCore): RequestListener {
  return (req, res) => {
    res.on('finish', () => {
      if (!req.complete) lingerThenClose(req);
    });
    route(req, res, core).catch((error: unknown) => {
      core.log(
        `${req.method} ${pathOf(req)} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent)
        sendJson(res, 500, { code: 'internal_error', message: 'Internal engine error' });
      else res.destroy();
    });
  };
}

async function route(req: IncomingMessage, res: ServerResponse, core: EngineCore): Promise<void> {
  const target = parseRequestTarget(req.url, 'http://engine.local');
  if (!target.ok)
    return sendRejection(res, { status: 400, code: 'bad_request', message: target.message });
  const url = target.url;
  const path = url.pathname;
  const method = req.method ?? 'GET';

  const file = path.match(FILE_PATH);
  if (file && (method === 'GET' || method === 'HEAD'))
    return serveResultFile(req, res, core.files, file[1]!, file[2]!);
  if (path === '/health' && method === 'GET')
    return sendJson(res, 200, { status: 'ok', name: 'soundstage-engine' });
  if (path === '/billing' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      'This is a local Soundstage engine. Balances and free trials are set in its configuration.\n',
    );
    return;
  }
  if (!path.startsWith('/v1/'))
    return sendRejection(res, { status: 404, code: 'not_found', message: 'Not found' });

  const latency = core.faults.latencyMs();
  if (latency > 0) await sleep(latency);
  const auth = authenticate(req, core.accounts);
  if (!auth.ok) return sendRejection(res, auth.error);
  const account = auth.value;
  const forced = core.faults.forcedStatus(path);
  if (forced) return sendRejection(res, forced);

  const endpoint = core.endpoints.get(path);
  if (endpoint) {
    if (method !== 'POST') return methodNotAllowed(res, 'POST');
    return handleSubmit(req, res, account, endpoint, core);
  }
  const task = path.match(TASK_PATH);
  if (task) {
    if (method !== 'GET') return methodNotAllowed(res, 'GET');
    return handleGetTask(res, account, core, safeDecode(task[1]!));
  }
  if (path === '/v1/account/services') {
    if (method !== 'GET') return methodNotAllowed(res, 'GET');
    return handleServices(res, account, core);
  }
  if (path === CAPABILITIES_PATH) {
    if (method !== 'GET') return methodNotAllowed(res, 'GET');
    return handleCapabilities(res, core, url);
  }
  if (path === '/v1/account/usage') {
    if (method !== 'GET') return methodNotAllowed(res, 'GET');
    return handleUsage(res, account, core, url);
  }
  return sendRejection(res, { status: 404, code: 'not_found', message: 'Not found' });
}

/**
 * An answer went out before the request body was read (a refusal judged from headers, or a body
 * cut off at its cap). Node would otherwise read the rest of the body to keep the connection,
 * however large. Closing at once is no better: closing a socket with unread input makes the
 * kernel send a reset that can destroy the answer before the client reads it. So the rest is
 * discarded for a short while (a small body finishes and the connection lives on), then the
 * socket is closed.
 */
function lingerThenClose(req: IncomingMessage): void {
  let discarded = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) close();
  });
  req.on('end', () => clearTimeout(timer));
  req.resume();
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  sendRejection(res, {
    status: 405,
    code: 'method_not_allowed',
    message: `Use ${allow}`,
    headers: { Allow: allow },
  });
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
