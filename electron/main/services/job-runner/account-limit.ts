import type { ApiClient } from '../api-client/api-client';

const TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 5_000;

/**
 * The account's concurrency_limit from GET /v1/account/services, cached for a few minutes and
 * fetched at most once at a time; a slow or failed answer never blocks for long and leaves
 * the limit unknown (the user's own cap then applies alone).
 */
export class AccountLimit {
  private known: { value: number; at: number } | null = null;
  private request: Promise<void> | null = null;

  constructor(private readonly now: () => number) {}

  get value(): number | undefined {
    return this.known?.value;
  }

  /** Forgets the cached value (service changed, or a concurrency 429 said it is wrong). */
  forget(): void {
    this.known = null;
  }

  refresh(client: ApiClient | null): Promise<void> {
    if (!client || (this.known && this.now() - this.known.at < TTL_MS)) return Promise.resolve();
    this.request ??= client
      .getServices(AbortSignal.timeout(TIMEOUT_MS))
      .then((services) => {
        this.known = services.ok
          ? { value: services.value.concurrency_limit, at: this.now() }
          : null;
      })
      .finally(() => {
        this.request = null;
      });
    return this.request;
  }
}
