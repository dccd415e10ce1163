import { availableParallelism } from 'node:os';

/**
 * A counting semaphore for the engine's heavy stages (docs/decisions/094-heavy-stage-gate.md).
 * Work past the limit waits in a first-come queue instead of being refused; a waiter whose
 * task is cancelled leaves the queue at once, and a slot is handed on the moment work ends.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be ≥ 1');
  }

  /** How many are running and how many wait (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` once a slot is free; rejects with the signal's reason if cancelled first. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.limit) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running += 1;
          resolve();
        },
      };
      const onAbort = (): void => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.grant();
  }
}

/** Overrides the heavy-stage limit (a positive integer); the default is the machine's cores. */
export const HEAVY_STAGES_ENV = 'SOUNDSTAGE_HEAVY_STAGES';

function heavyLimit(): number {
  const set = Number(process.env[HEAVY_STAGES_ENV]);
  return Number.isInteger(set) && set >= 1 ? set : Math.max(1, availableParallelism());
}

/**
 * The one gate every whole-piece render passes (music synthesis + mastering, effects composed
 * in memory + encoded): each holds a synth process or whole float buffers, and more of them at
 * once than there are cores only adds memory, not speed.
 */
export const heavyStages = new WorkGate(heavyLimit());
