import type { Rejection } from '../server/rejection';
import type { Account } from './account';

const WINDOW_MS = 60_000;
/** How long a concurrency-limited caller is told to wait before trying again. */
const CONCURRENCY_RETRY_SECONDS = 5;
const CONTACT = 'To raise your limit, please contact the engine operator.';

/**
 * Per-account limits (docs/api-notes.md 3.4): a fixed 60-second request window on POSTs that counts
 * rejected requests too, and a count of generations in progress (async tasks and streams).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly running = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one POST; a rejection when the account is over its per-minute allowance. */
  countRequest(account: Account): Rejection | undefined {
    const now = this.now();
    let window = this.windows.get(account.id);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(account.id, window);
    }
    window.count += 1;
    if (window.count <= account.rpmLimit) return undefined;
    const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    return {
      status: 429,
      code: 'rate_limit_exceeded',
      message:
        `Rate limit exceeded: your account allows ${account.rpmLimit} requests per minute. ` +
        `Please retry after 1 minute. ${CONTACT}`,
      headers: { 'Retry-After': String(retryAfter) },
    };
  }

  /** A rejection when starting one more generation would pass the concurrency limit. */
  checkConcurrency(account: Account): Rejection | undefined {
    const running = this.running.get(account.id) ?? 0;
    if (running < account.concurrencyLimit) return undefined;
    return {
      status: 429,
      code: 'rate_limit_exceeded',
      message:
        `Too many concurrent generations: ${running} of ${account.concurrencyLimit} in progress. ` +
        `Please wait for one to finish before starting another. ${CONTACT}`,
      headers: { 'Retry-After': String(CONCURRENCY_RETRY_SECONDS) },
    };
  }

  /** Marks a generation as started; call the returned function exactly once when it ends. */
  startGeneration(accountId: string): () => void {
    this.running.set(accountId, (this.running.get(accountId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.set(accountId, Math.max(0, (this.running.get(accountId) ?? 1) - 1));
    };
  }
}
