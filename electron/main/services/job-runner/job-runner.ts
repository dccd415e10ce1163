import { randomUUID } from 'node:crypto';
import {
  canTransition,
  isTerminal,
  type Job,
  type JobRequest,
  type JobStage,
} from '../../../../shared/domain/jobs/job';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import type { ApiClient } from '../api-client/api-client';
import { AccountLimit } from './account-limit';
import { runAsyncJob } from './async-job';
import { jobFolder, type JobContext, type JobOutcome } from './job-context';
import { JobLedger, type LedgerEntry, type LedgerProblem } from './ledger';
import { resumedJob } from './resume';
import { canceledPatch, settledPatch } from './settlement';
import { runStreamJob } from './stream-job';

export interface JobRunnerOptions {
  dataDir: string;
  projectFolder: () => string;
  /** The client of the current service; null while none is usable (e.g. engine starting). */
  client: () => ApiClient | null;
  /** The user's cap on jobs at once; the account's concurrency_limit caps it further. */
  concurrency: () => number;
  onChange: (job: Job) => void;
  onStreamChunk: (jobId: string, seq: number, bytes: Uint8Array) => void;
  /** Identity of the current service ('local' or its base URL); jobs only run on their own. */
  origin?: () => string;
  /**
   * Whether a service honours Idempotency-Key, so a job caught in `submitting` by a crash may be
   * re-sent with its key (docs/api-notes.md). Default: only the local engine ('local').
   */
  resendsWithKey?: (origin: string) => boolean;
  now?: () => number;
  /** Base of the poll schedule (2–3 s by default, i.e. 2000). */
  pollIntervalMs?: number;
  /** Base of the waits between retried downloads and 502'd streams. */
  retryDelayMs?: number;
  log?: (line: string) => void;
  /**
   * Holds a queued job back (not submitted) while it answers true: the Dub queue's pause, set
   * by the user or by a 402. Jobs already sent keep being polled. Call refresh() on release.
   */
  holds?: (job: Job) => boolean;
}

type StopReason = 'cancel' | 'remove' | 'dispose';
/** Stages a restarted job continues in: its task is polled, or (submitting) re-sent with its key. */
const RESUMABLE: readonly JobStage[] = ['submitting', 'submitted', 'processing', 'downloading'];

/**
 * Runs jobs through the state machine of shared/domain/jobs/job.ts with a persisted ledger.
 * Every failure is a value on the job; nothing here rejects unhandled.
 */
export class JobRunner {
  private readonly entries = new Map<string, LedgerEntry>();
  private ledgerProblem: LedgerProblem | null = null;
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private readonly rateLimitRetries = new Map<string, number>();
  private readonly ledger: JobLedger;
  private readonly now: () => number;
  private readonly accountLimit: AccountLimit;
  private wakeTimer: NodeJS.Timeout | null = null;
  private loaded: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.ledger = new JobLedger(options.dataDir);
    this.now = options.now ?? Date.now;
    this.accountLimit = new AccountLimit(this.now);
  }

  /** Loads the ledger and resumes: tasks already submitted are polled again, never re-posted. */
  start(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    const loaded = await this.ledger.load();
    if (loaded.problem) {
      this.ledgerProblem = loaded.problem;
      this.log(
        `job ledger: ${loaded.problem.message} Kept at ${loaded.problem.keptAt ?? 'nowhere'}`,
      );
    }
    const resendsWithKey = this.options.resendsWithKey ?? ((origin) => origin === 'local');
    for (const entry of loaded.entries) {
      entry.job = resumedJob(entry.job, this.now(), resendsWithKey(entry.origin));
      this.entries.set(entry.job.id, entry);
    }
    await this.persistNow();
    await this.accountLimit.refresh(this.options.client());
    this.pump();
  }

  /** Why the job history could not be read whole this session, or null. */
  storageProblem(): LedgerProblem | null {
    return this.ledgerProblem;
  }

  list(): Job[] {
    return [...this.entries.values()].map((e) => e.job);
  }

  get(id: string): Job | undefined {
    return this.entries.get(id)?.job;
  }

  /** `project`: the project open in the window that asked, recorded on the job (project:jobs). */
  async submit(request: JobRequest, { project }: { project?: string } = {}): Promise<Result<Job>> {
    await this.start();
    if (this.disposed) return fail('disposed', 'The app is shutting down.');
    const now = this.now();
    const job: Job = {
      id: randomUUID(),
      request,
      stage: 'queued',
      createdAt: now,
      updatedAt: now,
      attempts: 1,
      files: [],
      ...(project ? { project } : {}),
    };
    this.entries.set(job.id, { job, origin: this.origin() });
    this.changed(job, false);
    // The answer means "the job is in the list", so the list on disk holds it first.
    await this.persistNow();
    await this.accountLimit.refresh(this.options.client());
    this.pump();
    return ok(this.entries.get(job.id)?.job ?? job);
  }

  async cancel(id: string): Promise<Result<Job>> {
    await this.start();
    const entry = this.entries.get(id);
    if (!entry) return fail('not_found', 'No such job.');
    if (isTerminal(entry.job.stage))
      return fail('not_cancelable', `The job is already ${entry.job.stage}.`);
    const active = this.running.get(id);
    if (active) {
      active.controller.abort('cancel' satisfies StopReason);
      await active.done;
    } else {
      this.update(entry, canceledPatch(entry.job, this.now()));
    }
    return ok(entry.job);
  }

  /** A new submission of a failed or canceled job (a new POST, so possibly a new charge). */
  async retry(id: string): Promise<Result<Job>> {
    await this.start();
    const entry = this.entries.get(id);
    if (!entry) return fail('not_found', 'No such job.');
    if (!canTransition(entry.job.stage, 'queued') || this.running.has(id)) {
      return fail('not_retryable', `A ${entry.job.stage} job cannot be retried.`);
    }
    entry.origin = this.origin();
    this.rateLimitRetries.delete(id);
    this.update(entry, {
      stage: 'queued',
      attempts: entry.job.attempts + 1,
      taskId: undefined,
      // A new attempt is a new request: with the old key the engine would answer the old one.
      idempotencyKey: undefined,
      files: [],
      error: undefined,
      refunded: undefined,
      result: undefined,
      progress: undefined,
      waitUntil: undefined,
      startedAt: undefined,
      finishedAt: undefined,
      lastPollAt: undefined,
      title: undefined,
    });
    this.pump();
    return ok(entry.job);
  }

  /** Forgets a job (stopping it first); files already saved in the project stay. */
  async remove(id: string): Promise<Result<{ removed: boolean }>> {
    await this.start();
    const active = this.running.get(id);
    if (active) {
      active.controller.abort('remove' satisfies StopReason);
      await active.done;
    }
    const removed = this.entries.delete(id);
    this.rateLimitRetries.delete(id);
    if (removed) this.persist();
    return ok({ removed });
  }

  /** Re-examines the queue, e.g. after the service or the settings changed. */
  refresh(): void {
    this.accountLimit.forget();
    void this.accountLimit.refresh(this.options.client()).then(() => this.pump());
    this.pump();
  }

  /** Stops all work without changing any job's stage, so the next start() resumes it. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    await this.loaded?.catch(() => undefined);
    const active = [...this.running.values()];
    for (const run of active) run.controller.abort('dispose' satisfies StopReason);
    await Promise.all(active.map((run) => run.done));
    const error = await this.ledger.flush();
    if (error) this.log(`job ledger write failed: ${error.message}`);
  }

  private origin(): string {
    return this.options.origin?.() ?? 'default';
  }

  private capacity(): number {
    const own = Math.max(1, Math.floor(this.options.concurrency()));
    const account = this.accountLimit.value;
    return account === undefined ? own : Math.max(1, Math.min(own, account));
  }

  /** Starts what may start: resumable jobs always (their task already runs), queued ones up to the cap. */
  private pump(): void {
    if (this.disposed || !this.loaded) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const origin = this.origin();
    const now = this.now();
    let nextWake = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values()) {
      if (this.running.has(entry.job.id) || entry.origin !== origin) continue;
      if (RESUMABLE.includes(entry.job.stage)) this.launch(entry);
    }
    for (const entry of this.entries.values()) {
      if (this.running.size >= this.capacity()) break;
      const { job } = entry;
      if (job.stage !== 'queued' || this.running.has(job.id) || entry.origin !== origin) continue;
      if (this.options.holds?.(job)) continue;
      if (job.waitUntil && job.waitUntil > now) {
        nextWake = Math.min(nextWake, job.waitUntil);
        continue;
      }
      this.launch(entry);
    }
    if (Number.isFinite(nextWake)) {
      this.wakeTimer = setTimeout(() => this.pump(), Math.max(10, nextWake - now));
      this.wakeTimer.unref?.();
    }
  }

  private launch(entry: LedgerEntry): void {
    const client = this.options.client();
    if (!client) return;
    const controller = new AbortController();
    const ctx = this.contextFor(entry, client, controller.signal);
    const run =
      entry.job.request.delivery === 'stream' && !entry.job.taskId ? runStreamJob : runAsyncJob;
    const done = run(ctx)
      .catch((error: unknown): JobOutcome => {
        this.log(`job ${entry.job.id} crashed: ${(error as Error)?.message ?? String(error)}`);
        return {
          kind: 'failed',
          error: {
            kind: 'internal',
            code: 'internal',
            message: 'The job failed unexpectedly.',
            retryable: false,
          },
        };
      })
      .then((outcome) =>
        this.settle(entry, outcome, controller.signal.reason as StopReason | undefined),
      )
      .catch((error: unknown) => this.log(`job ${entry.job.id} could not settle: ${String(error)}`))
      .finally(() => {
        this.running.delete(entry.job.id);
        this.pump();
      });
    this.running.set(entry.job.id, { controller, done });
  }

  private settle(entry: LedgerEntry, outcome: JobOutcome, reason: StopReason | undefined): void {
    if (reason === 'remove' || reason === 'dispose') return;
    if (outcome.kind === 'stopped' || (reason === 'cancel' && outcome.kind !== 'succeeded')) {
      return this.update(entry, canceledPatch(entry.job, this.now()));
    }
    let count = 0;
    if (outcome.kind === 'rate_limited') {
      count = (this.rateLimitRetries.get(entry.job.id) ?? 0) + 1;
      this.rateLimitRetries.set(entry.job.id, count);
      // A concurrency 429 means the account's limit may have changed: read it again.
      if (/concurren/i.test(outcome.error.message)) this.accountLimit.forget();
    } else {
      this.rateLimitRetries.delete(entry.job.id);
    }
    this.update(entry, settledPatch(entry.job, outcome, this.now(), count));
  }

  private contextFor(entry: LedgerEntry, client: ApiClient, signal: AbortSignal): JobContext {
    return {
      client,
      signal,
      folder: jobFolder(this.options.projectFolder(), entry.job),
      pollBaseMs: this.options.pollIntervalMs ?? 2000,
      retryBaseMs: this.options.retryDelayMs ?? 2000,
      now: this.now,
      snapshot: () => entry.job,
      transition: (stage, patch = {}) => {
        if (signal.aborted && signal.reason === 'dispose') return;
        this.checkTransition(entry, stage);
        this.update(entry, { ...patch, stage });
      },
      // Applied even when stopping: what it records (a key about to be sent, a task id the
      // service answered) is true whatever happens to this run.
      commit: async (stage, patch = {}) => {
        this.checkTransition(entry, stage);
        this.update(entry, { ...patch, stage }, false);
        return this.persistNow();
      },
      patch: (patch, persist = true) => {
        if (signal.aborted) return;
        this.update(entry, patch, persist);
      },
      streamChunk: (seq, bytes) => this.options.onStreamChunk(entry.job.id, seq, bytes),
    };
  }

  private checkTransition(entry: LedgerEntry, stage: JobStage): void {
    if (!canTransition(entry.job.stage, stage)) {
      throw new Error(`Job ${entry.job.id}: no transition ${entry.job.stage} -> ${stage}`);
    }
  }

  private update(entry: LedgerEntry, patch: Partial<Job>, persist = true): void {
    if (!this.entries.has(entry.job.id)) return;
    entry.job = { ...entry.job, ...patch, updatedAt: this.now() };
    this.changed(entry.job, persist);
  }

  private changed(job: Job, persist: boolean): void {
    if (persist) this.persist();
    try {
      this.options.onChange(job);
    } catch (error) {
      this.log(`onChange listener failed: ${String(error)}`);
    }
  }

  private persist(): void {
    void this.persistNow();
  }

  /** Writes the ledger as it is now; resolves once on disk, with the write's error or null. */
  private async persistNow(): Promise<Error | null> {
    const error = await this.ledger.save(() => [...this.entries.values()]);
    if (error) this.log(`job ledger write failed: ${error.message}`);
    return error;
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}
