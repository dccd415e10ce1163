/**
 * How much the client lets a service send and how long it waits: nothing a misbehaving or hostile
 * service answers can fill the disk or memory, or hang a job (docs/security.md, "The client
 * trusts nothing the service sends").
 */
export const NETWORK_LIMITS = {
  /** Until the response headers arrive, with no upload progress either. */
  connectMs: 30_000,
  /** Between two chunks of a body being read (downloads, streams, JSON answers). */
  idleMs: 60_000,
  /** An error body is only read for its message. */
  errorBodyBytes: 64 * 1024,
  /** A JSON answer (task, account, usage). */
  jsonBodyBytes: 8 * 1024 * 1024,
  /** One NDJSON line of the music stream (an audio chunk in base64 is far smaller). */
  ndjsonLineChars: 16 * 1024 * 1024,
  /** Allowed over the stated size of a download (file_size or Content-Length). */
  downloadMarginBytes: 1024 * 1024,
  /** The most any one result may be, whatever the service states. */
  downloadCeilingBytes: 4 * 1024 * 1024 * 1024,
} as const;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The service sent more than ${limit} bytes where that is not expected.`);
    this.name = 'BodyTooLargeError';
  }
}

export class IdleTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The service sent nothing for ${Math.round(ms / 1000)} s.`);
    this.name = 'IdleTimeoutError';
  }
}

/**
 * An AbortSignal that fires when `touch()` has not been called for `ms` (or when `parent`
 * aborts). `stop()` disarms the timer for good; the parent still aborts it after that.
 */
export function idleWatchdog(
  ms: number,
  parent?: AbortSignal,
): { signal: AbortSignal; touch(): void; stop(): void; timedOut(): boolean } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let fired = false;
  let stopped = false;
  const arm = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      fired = true;
      controller.abort(new IdleTimeoutError(ms));
    }, ms);
    timer.unref?.();
  };
  // Joined with AbortSignal.any, not a listener on the parent: a job's signal outlives every
  // request and download of the job, and a listener per watchdog stayed on it until the job
  // ended (Node warned at the eleventh in a dub batch). The parent holds the joined signal
  // weakly, so a finished request's watchdog is collected.
  const signal = parent ? AbortSignal.any([parent, controller.signal]) : controller.signal;
  arm();
  return {
    signal,
    touch: arm,
    // The parent still aborts after stop(): a body read on this signal must follow a cancel.
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    timedOut: () => fired,
  };
}

/**
 * Reads a response body as text, at most `maxBytes`, with at most `idleMs` between chunks;
 * throws BodyTooLargeError or IdleTimeoutError (the body is canceled either way).
 */
export async function readTextCapped(
  response: Response,
  maxBytes: number,
  idleMs: number = NETWORK_LIMITS.idleMs,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleMs);
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) throw new BodyTooLargeError(maxBytes);
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** One read of a body, or IdleTimeoutError when nothing arrives within `idleMs`. */
export async function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  idleMs: number,
): Promise<ReadableStreamReadResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IdleTimeoutError(idleMs)), idleMs);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
