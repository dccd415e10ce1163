import type { FetchImpl } from '../api-client/http';

const WINDOW_MS = 60_000;
/**
 * The pace until the account's own limit is known (the runner reads it at start, so this
 * holds for the first request or two only): low enough that those never push a low-rpm
 * account over its limit once it is learnt.
 */
const UNKNOWN_RPM = 10;

export interface RequestPacerOptions {
  now?: () => number;
  /** Fraction of rpm_limit the app allows itself (headroom for clocks and other clients). */
  headroom?: number;
}

/**
 * Keeps the app's requests to the service under the account's rpm_limit before any 429: a
 * sliding one-minute window over every request sent (POSTs, polls, reads, downloads), and a
 * request that would exceed it waits for the oldest to leave the window.
 */
export class RequestPacer {
  private readonly sent: number[] = [];
  private limit: number | null = null;
  private readonly now: () => number;
  private readonly headroom: number;
  private chain: Promise<void> = Promise.resolve();
  private listeners = new Set<() => void>();

  constructor(options: RequestPacerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.headroom = options.headroom ?? 0.9;
  }

  /** The account's rpm_limit (null while unknown). */
  setLimit(rpm: number | null): void {
    const next = rpm && rpm > 0 ? rpm : null;
    if (next === this.limit) return;
    this.limit = next;
    this.notify();
  }

  /** Requests sent in the last minute, and the limit they are paced against. */
  window(): { used: number; limit: number | null } {
    this.prune();
    return { used: this.sent.length, limit: this.limit };
  }

  /** Called whenever the window changes (for dub:queueChanged). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when one more request may be sent, and counts it. Waits in arrival order. */
  acquire(signal?: AbortSignal | null): Promise<void> {
    const turn = this.chain.then(() => this.waitForSlot(signal));
    this.chain = turn.catch(() => undefined);
    return turn;
  }

  /**
   * A fetch that takes a slot before each request, and learns rpm_limit from every answer of
   * GET /v1/account/services that passes through (whoever asked for it).
   */
  wrap(fetchImpl: FetchImpl): FetchImpl {
    return (async (input: Parameters<FetchImpl>[0], init?: Parameters<FetchImpl>[1]) => {
      await this.acquire(init?.signal ?? null);
      const response = await fetchImpl(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (response.ok && /\/v1\/account\/services(\?|$)/.test(url)) await this.learnFrom(response);
      return response;
    }) as FetchImpl;
  }

  private async learnFrom(response: Response): Promise<void> {
    try {
      const body = (await response.clone().json()) as { rpm_limit?: unknown };
      const rpm = Number(body.rpm_limit);
      if (Number.isFinite(rpm) && rpm > 0) this.setLimit(rpm);
    } catch {
      // Not JSON: the client's own parser reports it; the pace stays as it was.
    }
  }

  private allowed(): number {
    return Math.max(1, Math.floor((this.limit ?? UNKNOWN_RPM) * this.headroom));
  }

  private async waitForSlot(signal?: AbortSignal | null): Promise<void> {
    for (;;) {
      this.prune();
      if (this.sent.length < this.allowed()) break;
      if (signal?.aborted) break;
      const wait = this.sent[0]! + WINDOW_MS - this.now() + 5;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(5, wait));
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    this.sent.push(this.now());
    this.notify();
  }

  private prune(): void {
    const cutoff = this.now() - WINDOW_MS;
    while (this.sent.length > 0 && this.sent[0]! <= cutoff) this.sent.shift();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
