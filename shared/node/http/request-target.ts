import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type RequestTarget = { ok: true; url: URL } | { ok: false; status: 400; message: string };

/**
 * Parses a request's target against a base origin without ever throwing. A target like `//[`
 * makes `new URL` throw, and broken %XX sequences make a later decodeURIComponent throw (the URL
 * parser tolerates them): both are the client's fault and get a 400, never a crash or a 500.
 */
export function parseRequestTarget(raw: string | undefined, base: string): RequestTarget {
  const target = raw ?? '/';
  try {
    decodeURIComponent(target);
  } catch {
    return { ok: false, status: 400, message: 'Malformed percent-encoding in the URL' };
  }
  try {
    return { ok: true, url: new URL(target, base) };
  } catch {
    return { ok: false, status: 400, message: 'Malformed request target' };
  }
}

/** Writes a bare HTTP error on a socket that has no ServerResponse (upgrades, parse errors). */
export function refuseSocket(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/**
 * Makes a public-facing HTTP server survive whatever arrives on its sockets: requests Node cannot
 * parse (an oversized header gets 431, anything else 400) and socket errors (resets mid-request)
 * are answered or dropped, and never become an uncaught exception that ends the process.
 */
export function guardServer(server: Server, log: (line: string) => void = () => undefined): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    refuseSocket(
      socket,
      tooLarge ? 431 : 400,
      tooLarge ? 'Request Header Fields Too Large' : 'Bad Request',
    );
    log(`refused an unparsable request (${error.code ?? error.message})`);
  });
  server.on('connection', (socket) => socket.on('error', () => undefined));
}
