import { createServer } from 'node:http';
import { guardServer } from '../shared/node/http/request-target';
import { makePrivateFolder } from '../shared/node/storage/private-folder';
import type { AddressInfo } from 'node:net';
import type { TaskType } from '../shared/api/task-types';
import type { AccountSeed } from './accounts/account';
import { AccountStore } from './accounts/account-store';
import { CapabilityCache } from './capabilities/compute';
import { defaultToolchain, isToolName } from '../shared/node/toolchain';
import { RateLimiter } from './accounts/rate-limits';
import { Billing } from './billing/billing';
import { Ledger } from './billing/ledger';
import { Faults, type FaultConfig } from './faults/faults';
import { ResultFiles } from './files/result-files';
import { RetentionSweeper } from './files/retention';
import type { Endpoint } from './server/endpoint';
import type { EngineCore } from './server/engine-core';
import { ENDPOINTS } from './server/endpoints';
import { createRequestListener } from './server/http-server';
import { IdempotencyStore } from './tasks/idempotency-store';
import { TaskRunner } from './tasks/task-runner';
import { TaskStore } from './tasks/task-store';
import { WatermarkSerials } from './tasks/watermark-serials';

export type { AccountSeed } from './accounts/account';
export type { FaultConfig } from './faults/faults';

export interface EngineOptions {
  /** Default 0: any free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Accounts, ledgers, tasks and result files live here. */
  dataDir: string;
  /** Ensures a funded account with this key (balance 1000.00 USD, rpm 600, concurrency 4). */
  key?: string;
  accounts?: AccountSeed[];
  /** Test-only fault switches. */
  faults?: FaultConfig;
  /** Test-only: let video_url and friends point at 127.0.0.1. */
  allowLoopbackUrls?: boolean;
  /** Time allowed for one remote media download (video_url, ...); default 10 minutes. */
  fetchDeadlineMs?: number;
  /** Lifetime of result download URLs; default 24 h. */
  resultTtlSeconds?: number;
  /** How long result files are kept (7 days by default); older ones are deleted. */
  resultRetentionSeconds?: number;
  /** Secret for the watermark generators (passed through to them by their own modules). */
  watermarkKey?: string;
  /** Diagnostic lines (never keys or headers). Default: silent. */
  log?: (line: string) => void;
}

export interface RunningEngine {
  url: string;
  port: number;
  close(): Promise<void>;
}

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_RETENTION_SECONDS = 7 * 24 * 60 * 60;

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const log = options.log ?? (() => undefined);
  const dataDir = options.dataDir;
  // Owner-only: accounts, usage, uploads and results of every local user of this engine.
  await makePrivateFolder(dataDir);
  const seeds: AccountSeed[] = [
    ...(options.key ? [{ key: options.key, funded: true }] : []),
    ...(options.accounts ?? []),
  ];

  let baseUrl = '';
  const [accounts, ledger, tasks, files, serials, idempotency] = await Promise.all([
    AccountStore.open(dataDir, seeds),
    Ledger.open(dataDir),
    TaskStore.open(dataDir),
    ResultFiles.open(dataDir, options.resultTtlSeconds ?? DEFAULT_TTL_SECONDS),
    WatermarkSerials.open(dataDir),
    IdempotencyStore.open(dataDir),
  ]);
  const faults = new Faults(options.faults);
  applyHiddenTools(options.faults?.hideTools ?? []);
  const capabilities = new CapabilityCache();
  const limiter = new RateLimiter();
  const billing = new Billing(accounts, ledger, () => `${baseUrl}/billing`);
  const byType = new Map<TaskType, Endpoint>(
    ENDPOINTS.map((endpoint) => [endpoint.type, endpoint]),
  );
  const runner = new TaskRunner({
    store: tasks,
    billing,
    files,
    faults,
    limiter,
    log,
    watermarkKey: options.watermarkKey,
    endpointFor: (type) => byType.get(type),
  });
  const core: EngineCore = {
    dataDir,
    accounts,
    ledger,
    billing,
    tasks,
    idempotency,
    runner,
    files,
    faults,
    limiter,
    serials,
    capabilities,
    endpoints: new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint])),
    allowLoopbackUrls: options.allowLoopbackUrls ?? false,
    fetchDeadlineMs: options.fetchDeadlineMs,
    watermarkKey: options.watermarkKey,
    baseUrl: () => baseUrl,
    streams: new Set(),
    log,
  };

  // Idle keep-alive sockets stay open well past any client's poll interval, so a client never
  // reuses a socket the server is closing at that moment (ECONNRESET on polls when the event
  // loop was busy with synchronous DSP). Clients close their idle sockets first.
  const server = createServer(
    { keepAliveTimeout: 65_000, headersTimeout: 70_000 },
    createRequestListener(core),
  );
  guardServer(server, log);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  await runner.recover();
  const retention = new RetentionSweeper({
    files,
    tasks,
    resultRetentionMs: (options.resultRetentionSeconds ?? DEFAULT_RETENTION_SECONDS) * 1000,
    log,
  });
  await retention.start();
  // The table is ready before the first request needs it; a failure is retried on demand.
  void capabilities.current().catch((error: unknown) => log(`capabilities: ${String(error)}`));

  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    port,
    close: () => {
      closing ??= (async () => {
        for (const stream of core.streams) stream.abort(new Error('engine shutting down'));
        await runner.shutdown();
        await retention.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

/**
 * The `hideTools` fault: the process's toolchain treats these tools as absent. Changed only
 * when it differs, so an engine without the fault does not re-identify every tool.
 */
function applyHiddenTools(names: readonly string[]): void {
  const hidden = names.filter(isToolName);
  const toolchain = defaultToolchain();
  const current = toolchain.hidden;
  const same = current.length === hidden.length && hidden.every((name) => current.includes(name));
  if (!same) toolchain.hide(hidden);
}
