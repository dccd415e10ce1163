import { connect } from 'node:net';

/**
 * Sends bytes exactly as given to a loopback port and returns what the server wrote before
 * closing (tests of request lines and headers no HTTP client would send).
 */
export function rawRequest(port: number, bytes: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(error);
    });
    socket.write(bytes);
  });
}

/** The status code of a raw HTTP answer, or 0 when the server wrote nothing. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}
