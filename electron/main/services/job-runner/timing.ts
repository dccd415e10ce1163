import type { TaskType } from '../../../../shared/api/task-types';

const MINUTE = 60_000;

/**
 * Poll pacing (docs/product-notes.md 1.2): every 2–3 s with jitter, backing off to 10–15 s once a task
 * has run for 10 minutes. `baseMs` scales the whole schedule (tests use a small base).
 */
export function pollDelayMs(
  elapsedMs: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const [low, high] = elapsedMs >= 10 * MINUTE ? [5, 7.5] : [1, 1.5];
  return Math.round(baseMs * (low + (high - low) * random()));
}

/**
 * How long the runner keeps polling before it stops waiting. Dubbing never gives up before
 * the backend's own 2 h ceiling (docs/api-notes.md 5.6); stem separation can add 30 min.
 */
export function pollDeadlineMs(type: TaskType, fields: Record<string, unknown>): number {
  if (type === 'dubbing') return 135 * MINUTE;
  if (fields.stems === true || fields.stems === 'true') return 70 * MINUTE;
  return 60 * MINUTE;
}

/** Sleeps, or stops early when the signal aborts; never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
