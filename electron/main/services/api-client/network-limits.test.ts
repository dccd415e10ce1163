import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { IdleTimeoutError, idleWatchdog } from './network-limits';

describe('idleWatchdog', () => {
  it('leaves no listener on a long-lived parent signal, however many it watches', () => {
    const job = new AbortController();
    for (let i = 0; i < 50; i++) idleWatchdog(60_000, job.signal).stop();
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
  });

  it("follows the parent's abort, also after stop()", () => {
    const job = new AbortController();
    const watch = idleWatchdog(60_000, job.signal);
    watch.stop();
    job.abort(new Error('cancelled by the user'));
    expect(watch.signal.aborted).toBe(true);
    expect((watch.signal.reason as Error).message).toBe('cancelled by the user');
    expect(watch.timedOut()).toBe(false);
  });

  it('starts aborted under an aborted parent', () => {
    const job = new AbortController();
    job.abort(new Error('gone'));
    expect(idleWatchdog(60_000, job.signal).signal.aborted).toBe(true);
  });

  it('fires with IdleTimeoutError when not touched, and not while touched', () => {
    vi.useFakeTimers();
    try {
      const job = new AbortController();
      const watch = idleWatchdog(40, job.signal);
      for (let i = 0; i < 4; i++) {
        vi.advanceTimersByTime(30);
        watch.touch();
      }
      expect(watch.signal.aborted).toBe(false);
      vi.advanceTimersByTime(41);
      expect(watch.signal.aborted).toBe(true);
      expect(watch.signal.reason).toBeInstanceOf(IdleTimeoutError);
      expect(watch.timedOut()).toBe(true);
      expect(job.signal.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
