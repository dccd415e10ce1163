import { randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import type { EngineStatus } from '../../../../shared/ipc/settings';
import type { SecretStorage } from '../key-vault/secret-storage';
import type { EngineExit, EngineLauncher, EngineProcess } from './engine-launcher';

export interface EngineHostOptions {
  launcher: EngineLauncher;
  /** The engine's own data folder (accounts, tasks, result files). */
  dataDir: string;
  /**
   * Keeps the engine's generated key between launches, so tasks submitted before a restart
   * still belong to the same local account. Without it a new key is made per host.
   */
  keyStorage?: SecretStorage;
  onStatus?: (status: EngineStatus) => void;
  /** Environment for each launch, read at launch time (the user's tool paths). */
  env?: () => Record<string, string>;
  /** Restart policy after a crash: delays double from baseDelayMs up to maxDelayMs. */
  maxRestarts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long resets the crash count. */
  stableAfterMs?: number;
  log?: (line: string) => void;
}

export interface RunningEngine {
  url: string;
  key: string;
}

/** A fresh local key; shaped like the service's keys so the engine treats it like any other. */
export function generateEngineKey(): string {
  return `sk_local_${randomBytes(24).toString('base64url')}`;
}

/**
 * Runs the local engine on 127.0.0.1 (port 0) with a generated key, reports its status,
 * restarts it with bounded backoff when it dies, and stops it on quit.
 */
export class EngineHost {
  private process: EngineProcess | null = null;
  private engineKey: string | null = null;
  private current: EngineStatus = { kind: 'local', state: 'stopped' };
  private starting: Promise<Result<RunningEngine>> | null = null;
  private crashes = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  /**
   * The stop in progress, if any: a start while the old process is still shutting down must
   * not answer its URL (it is about to close) but launch anew once it has gone.
   */
  private stopped: Promise<void> | null = null;

  constructor(private readonly options: EngineHostOptions) {}

  status(): EngineStatus {
    return this.current;
  }

  /** The engine's URL while it runs. */
  url(): string | null {
    return this.current.state === 'running' ? (this.current.baseUrl ?? null) : null;
  }

  /** The local engine's key (for main's API client only); available once started. */
  key(): string | null {
    return this.engineKey;
  }

  /** Starts the engine (or answers the running one). */
  start(): Promise<Result<RunningEngine>> {
    this.stopping = false;
    const url = this.url();
    if (url && this.engineKey) return Promise.resolve(ok({ url, key: this.engineKey }));
    const after = this.stopped ?? Promise.resolve();
    this.starting ??= after
      .then(() => this.launch())
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** Stops and starts the engine, e.g. so it picks up new tool paths from its environment. */
  async restart(): Promise<Result<RunningEngine>> {
    await this.stop();
    this.crashes = 0;
    return this.start();
  }

  /** Stops the engine and any pending restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    // Said at once: while the process shuts down its URL is no longer one to send requests to.
    if (this.current.state === 'running') this.setStatus({ kind: 'local', state: 'stopped' });
    const stopped = (async () => {
      await this.starting?.catch(() => undefined);
      const running = this.process;
      this.process = null;
      if (running) await running.stop();
      if (this.current.state !== 'stopped') this.setStatus({ kind: 'local', state: 'stopped' });
    })();
    this.stopped = stopped;
    try {
      await stopped;
    } finally {
      if (this.stopped === stopped) this.stopped = null;
    }
  }

  private async launch(): Promise<Result<RunningEngine>> {
    const key = await this.resolveKey();
    this.setStatus({ kind: 'local', state: 'starting' });
    let proc: EngineProcess;
    try {
      proc = this.options.launcher.launch({
        dataDir: this.options.dataDir,
        key,
        port: 0,
        env: this.options.env?.() ?? {},
      });
    } catch (error) {
      return this.crashed(`The local engine could not be started: ${(error as Error).message}`);
    }
    this.process = proc;
    const startedAt = Date.now();
    let isReady = false;
    // An exit before the listening line is a failed start, reported below with the engine's own words.
    proc.onExit((exit) => isReady && this.handleExit(proc, exit, startedAt));
    const ready = await proc.ready;
    isReady = ready.ok;
    if (this.stopping) {
      await proc.stop();
      return fail('engine_stopped', 'The local engine was stopped.');
    }
    if (!ready.ok) {
      this.process = null;
      await proc.stop();
      return this.crashed(ready.message);
    }
    this.setStatus({ kind: 'local', state: 'running', baseUrl: ready.url });
    return ok({ url: ready.url, key });
  }

  private handleExit(proc: EngineProcess, exit: EngineExit, startedAt: number): void {
    if (this.process !== proc || this.stopping) return;
    this.process = null;
    if (Date.now() - startedAt >= (this.options.stableAfterMs ?? 60_000)) this.crashes = 0;
    const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
    void this.crashed(`The local engine stopped unexpectedly (${how}).`);
  }

  /** Marks the engine crashed and schedules a restart while the budget lasts. */
  private crashed(message: string): Result<never> {
    this.crashes += 1;
    const max = this.options.maxRestarts ?? 5;
    if (this.stopping || this.crashes > max) {
      const final =
        this.crashes > max
          ? `${message} It kept stopping, so it was not restarted again.`
          : message;
      this.setStatus({ kind: 'local', state: 'crashed', message: final });
      return fail('engine_crashed', final, { retryable: false });
    }
    const delay = Math.min(
      (this.options.baseDelayMs ?? 500) * 2 ** (this.crashes - 1),
      this.options.maxDelayMs ?? 15_000,
    );
    this.setStatus({
      kind: 'local',
      state: 'crashed',
      message: `${message} Restarting in ${Math.ceil(delay / 1000)} s.`,
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopping) void this.start();
    }, delay);
    this.restartTimer.unref?.();
    return fail('engine_crashed', message, { retryable: true });
  }

  private async resolveKey(): Promise<string> {
    if (this.engineKey) return this.engineKey;
    const storage = this.options.keyStorage;
    let key = storage ? await storage.read().catch(() => null) : null;
    if (!key) {
      key = generateEngineKey();
      await storage
        ?.write(key)
        .catch((error: Error) => this.options.log?.(`engine key not kept: ${error.message}`));
    }
    this.engineKey = key;
    return key;
  }

  private setStatus(status: EngineStatus): void {
    this.current = status;
    try {
      this.options.onStatus?.(status);
    } catch (error) {
      this.options.log?.(`engine status listener failed: ${String(error)}`);
    }
  }
}
