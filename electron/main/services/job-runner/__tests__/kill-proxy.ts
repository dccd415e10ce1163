import net from 'node:net';

/**
 * A TCP proxy on loopback between the crash test's child and the engine. It frames HTTP/1.1
 * requests (head, then Content-Length bytes of body) on each connection. When the armed POST
 * (the N-th POST seen) has arrived complete, it holds it, calls `onComplete` (the test kills the
 * child there), then forwards it to the engine and resolves `forwarded` once the engine has
 * started answering, i.e. accepted or refused it. Everything else passes through untouched.
 */
export interface KillProxy {
  url: string;
  /** Resolves with the engine's first answer bytes to the held POST. */
  forwarded: Promise<string>;
  posts(): number;
  close(): Promise<void>;
}

export async function startKillProxy(
  engineUrl: string,
  armedPost: number,
  onComplete: () => Promise<void>,
): Promise<KillProxy> {
  const target = new URL(engineUrl);
  let posts = 0;
  let fired = false;
  let resolveForwarded!: (head: string) => void;
  const forwarded = new Promise<string>((resolve) => (resolveForwarded = resolve));
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let holding: { chunks: Buffer[] } | null = null;
    let pending = Buffer.alloc(0);
    let bodyLeft = 0;
    let awaitingAnswer = false;

    upstream.on('data', (data: Buffer) => {
      if (awaitingAnswer) {
        awaitingAnswer = false;
        resolveForwarded(data.toString('latin1').split('\r\n')[0] ?? '');
        // The child that sent it is dead: nobody reads the rest (a stream stays charged).
        upstream.destroy();
        return;
      }
      if (!client.destroyed) client.write(data);
    });
    upstream.on('close', () => {
      if (!holding) client.destroy();
    });
    upstream.on('error', () => undefined);
    client.on('error', () => undefined);
    client.on('close', () => {
      if (!holding) upstream.destroy();
    });

    const forward = (bytes: Buffer) => {
      if (holding) holding.chunks.push(bytes);
      else upstream.write(bytes);
    };

    client.on('data', (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      for (;;) {
        if (bodyLeft > 0) {
          const take = pending.subarray(0, bodyLeft);
          pending = pending.subarray(take.length);
          bodyLeft -= take.length;
          forward(Buffer.from(take));
          if (bodyLeft > 0) return;
          if (holding) return void fire(holding.chunks);
          continue;
        }
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end + 4);
        pending = pending.subarray(end + 4);
        const text = head.toString('latin1');
        const isPost = text.startsWith('POST ');
        if (isPost) posts += 1;
        if (isPost && posts === armedPost && !fired) holding = { chunks: [] };
        forward(Buffer.from(head));
        bodyLeft = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
        if (bodyLeft === 0 && holding) return void fire(holding.chunks);
      }
    });

    async function fire(chunks: Buffer[]): Promise<void> {
      fired = true;
      client.pause();
      await onComplete();
      awaitingAnswer = true;
      upstream.write(Buffer.concat(chunks));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    posts: () => posts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
