import { mkdir } from 'node:fs/promises';
import type { TaskType } from '../../shared/api/task-types';
import type { RateLimiter } from '../accounts/rate-limits';
import type { Billing } from '../billing/billing';
import type { Faults } from '../faults/faults';
import type { ResultFiles } from '../files/result-files';
import {
  isTaskFailure,
  TaskError,
  type Endpoint,
  type RunContext,
  type TaskResultFields,
} from '../server/endpoint';
import { StageClock } from '../../shared/node/toolchain';
import type { TaskRecord } from './task-record';
import type { TaskStore } from './task-store';

/**
 * Set to 1 (the bench does) to log each task's wall and CPU seconds per stage when it ends, as
 * `task <id>: stage times {json}`; unset, nothing is measured.
 */
export const STAGE_TIMES_ENV = 'SOUNDSTAGE_STAGE_TIMES';

/** A task interrupted this many times by engine restarts is failed (and refunded) instead. */
const MAX_ATTEMPTS = 2;

export interface TaskRunnerDeps {
  store: TaskStore;
  billing: Billing;
  files: ResultFiles;
  faults: Faults;
  limiter: RateLimiter;
  endpointFor(type: TaskType): Endpoint | undefined;
  watermarkKey?: string;
  log(line: string): void;
}

type Outcome =
  { ok: true; fields: TaskResultFields } | { ok: false; code: string; message: string };

/**
 * Runs accepted tasks to a terminal state: succeeded with result fields, or failed with an
 * error code and the charge refunded. On shutdown running work is aborted and left
 * `processing`, so the next start resumes it (`recover`).
 */
export class TaskRunner {
  private readonly active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private closing = false;

  constructor(private readonly deps: TaskRunnerDeps) {}

  /** Starts the work of a saved task; `release` frees its concurrency slot when the work ends. */
  start(task: TaskRecord, endpoint: Endpoint, release: () => void): void {
    const controller = new AbortController();
    // The slot is freed however the work ends, even if it threw before it began.
    const done = this.execute(task, endpoint, controller.signal)
      .finally(release)
      .then((outcome) => (this.closing ? undefined : this.finish(task, outcome)))
      .catch((error: unknown) =>
        this.deps.log(`task ${task.id}: could not record outcome: ${String(error)}`),
      )
      .finally(() => this.active.delete(task.id));
    this.active.set(task.id, { controller, done });
  }

  /** Resumes (or, after too many restarts, fails and refunds) tasks left processing. */
  async recover(): Promise<void> {
    for (const task of this.deps.store.processing()) {
      const endpoint = this.deps.endpointFor(task.type);
      if (!endpoint || task.attempts >= MAX_ATTEMPTS) {
        await this.finish(task, {
          ok: false,
          code: endpoint?.failureCode ?? 'GENERATION_FAILED',
          message: 'The engine stopped while this task was running',
        });
        continue;
      }
      task.attempts += 1;
      await this.deps.store.save(task);
      this.deps.log(`task ${task.id}: resuming after restart (attempt ${task.attempts})`);
      this.start(task, endpoint, this.deps.limiter.startGeneration(task.accountId));
    }
  }

  async shutdown(): Promise<void> {
    this.closing = true;
    const running = [...this.active.values()];
    for (const { controller } of running) controller.abort(new Error('engine shutting down'));
    await Promise.all(running.map(({ done }) => done));
  }

  private async execute(
    task: TaskRecord,
    endpoint: Endpoint,
    signal: AbortSignal,
  ): Promise<Outcome> {
    const injected = this.deps.faults.taskFailure(task.type);
    if (injected) return { ok: false, ...injected };
    const workDir = this.deps.store.workDir(task.id);
    const made = await mkdir(workDir, { recursive: true }).then(
      () => null,
      (error: Error) => error,
    );
    if (made)
      return {
        ok: false,
        code: endpoint.failureCode,
        message: `The engine could not create the task's work folder: ${made.message}`,
      };
    const ctx: RunContext = {
      taskId: task.id,
      workDir,
      signal,
      watermarkPayload: task.watermarkPayload,
      watermarkKey: this.deps.watermarkKey,
      log: (line) => this.deps.log(`task ${task.id}: ${line}`),
      publish: async (filePath, options) => {
        const { ref, size } = await this.deps.files.publish(filePath, options);
        return { url: ref, content_type: options.contentType, file_size: size };
      },
    };
    const clock = process.env[STAGE_TIMES_ENV] === '1' ? new StageClock() : undefined;
    try {
      const run = () => endpoint.run(task.input, ctx);
      const result = clock ? await clock.measure(run) : await run();
      if (isTaskFailure(result)) return { ok: false, code: result.code, message: result.message };
      return { ok: true, fields: result };
    } catch (error) {
      if (error instanceof TaskError)
        return { ok: false, code: error.code, message: error.message };
      this.deps.log(
        `task ${task.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, code: endpoint.failureCode, message: message || 'generation failed' };
    } finally {
      if (clock) ctx.log(`stage times ${JSON.stringify(Object.fromEntries(clock.entries()))}`);
    }
  }

  private async finish(task: TaskRecord, outcome: Outcome): Promise<void> {
    if (outcome.ok) {
      task.status = 'succeeded';
      task.result = outcome.fields;
    } else {
      await this.deps.billing.refund(task.charge, task.id);
      task.status = 'failed';
      task.error = { code: outcome.code, message: outcome.message };
      task.refunded = true;
    }
    await this.deps.store.save(task);
    // Uploads and intermediate files are not needed once the outcome is recorded.
    await this.deps.store.removeWork(task.id).catch(() => undefined);
  }
}
