import type { FetchImpl } from '../api-client/http';

const WINDOW_MS = 60_000;

export interface RequestPacerOptions {
  now?: () => number;
  /** Fraction of rpm_limit the app allows itself (headroom for clocks and other clients). */
  headroom?: number;
}

/**
 * Keeps the app's requests to the service under the account's rpm_limit before any 429: a
 * sliding one-minute window over every request sent (POSTs, polls, reads, downloads), and a
 * request that would exceed it waits for the oldest to leave the window. Unknown limit = no wait.
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

  /** A fetch that takes a slot before each request. */
  wrap(fetchImpl: FetchImpl): FetchImpl {
    return (async (input: Parameters<FetchImpl>[0], init?: Parameters<FetchImpl>[1]) => {
      await this.acquire(init?.signal ?? null);
      return fetchImpl(input, init);
    }) as FetchImpl;
  }

  private allowed(): number {
    return this.limit === null
      ? Number.POSITIVE_INFINITY
      : Math.max(1, Math.floor(this.limit * this.headroom));
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
