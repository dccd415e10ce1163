import type { ServerResponse } from 'node:http';
import { rejectionBody, type Rejection } from './rejection';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendRejection(res: ServerResponse, rejection: Rejection): void {
  sendJson(res, rejection.status, rejectionBody(rejection), rejection.headers ?? {});
}
