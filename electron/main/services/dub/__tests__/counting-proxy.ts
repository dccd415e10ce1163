import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the engine received through the proxy. */
export interface SeenRequest {
  method: string;
  path: string;
  at: number;
}

/**
 * An HTTP proxy on loopback in front of the engine that records every request it forwards, so
 * tests count what reached the engine (not what the client meant to send).
 */
export async function startCountingProxy(engineUrl: string) {
  const target = new URL(engineUrl);
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() });
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    posts: (prefix = '/v1/dubbing') =>
      seen.filter((r) => r.method === 'POST' && r.path.startsWith(prefix)).length,
    /** The most requests inside any window of `ms`. */
    maxInWindow(ms: number): number {
      let max = 0;
      for (let i = 0, j = 0; j < seen.length; j++) {
        while (seen[j]!.at - seen[i]!.at >= ms) i++;
        max = Math.max(max, j - i + 1);
      }
      return max;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type CountingProxy = Awaited<ReturnType<typeof startCountingProxy>>;
