import type { TaskStore } from '../tasks/task-store';
import type { ResultFiles } from './result-files';

export interface RetentionOptions {
  files: ResultFiles;
  tasks: TaskStore;
  /** How long a result file is kept after it was made. */
  resultRetentionMs: number;
  /** How often the sweep runs while the engine is up. */
  intervalMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * Keeps the engine's data folder from growing without end: work folders (uploads, intermediate
 * files) of ended tasks, expired download grants, and result files past their retention are
 * deleted at start and then periodically (docs/security.md, "Nothing piles up").
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly options: RetentionOptions) {}

  /** Runs the first sweep (awaited by the engine's start) and schedules the next ones. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs ?? 60 * 60 * 1000);
    this.timer.unref();
    return this.sweep();
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    return this.running ?? Promise.resolve();
  }

  /** One pass; errors are logged, never thrown (a sweep must not take the engine down). */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      const now = (this.options.now ?? Date.now)();
      try {
        for (const task of this.options.tasks.ended()) await this.options.tasks.removeWork(task.id);
        const deleted = await this.options.files.sweep(now, now - this.options.resultRetentionMs);
        if (deleted) this.options.log?.(`retention: deleted ${deleted} expired result files`);
      } catch (error) {
        this.options.log?.(`retention: sweep failed: ${String(error)}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
