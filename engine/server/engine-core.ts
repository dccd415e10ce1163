import type { AccountStore } from '../accounts/account-store';
import type { CapabilityCache } from '../capabilities/compute';
import type { RateLimiter } from '../accounts/rate-limits';
import type { Billing } from '../billing/billing';
import type { Ledger } from '../billing/ledger';
import type { Faults } from '../faults/faults';
import type { ResultFiles } from '../files/result-files';
import type { IdempotencyStore } from '../tasks/idempotency-store';
import type { TaskRunner } from '../tasks/task-runner';
import type { TaskStore } from '../tasks/task-store';
import type { WatermarkSerials } from '../tasks/watermark-serials';
import type { Endpoint } from './endpoint';

/** Everything a request handler may use; built once per running engine. */
export interface EngineCore {
  dataDir: string;
  accounts: AccountStore;
  ledger: Ledger;
  billing: Billing;
  tasks: TaskStore;
  /** Idempotency-Key records of accepted requests (24 h, per account). */
  idempotency: IdempotencyStore;
  runner: TaskRunner;
  files: ResultFiles;
  faults: Faults;
  limiter: RateLimiter;
  serials: WatermarkSerials;
  /** What this machine can do offline, computed once and on demand (docs/engine-notes.md 7). */
  capabilities: CapabilityCache;
  /** POST path -> endpoint. */
  endpoints: ReadonlyMap<string, Endpoint>;
  allowLoopbackUrls: boolean;
  /** Time allowed for one remote media download; undefined = safeFetchToFile's default. */
  fetchDeadlineMs?: number;
  watermarkKey?: string;
  /** `http://127.0.0.1:<port>`, known once listening. */
  baseUrl(): string;
  /** Streams in progress, so shutdown can end them. */
  streams: Set<AbortController>;
  log(line: string): void;
}
