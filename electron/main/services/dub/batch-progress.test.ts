import { describe, expect, it } from 'vitest';
import { batchProgressSink } from './batch-progress';

function recorder() {
  const bars: (number | null)[] = [];
  const notices: string[] = [];
  const sink = batchProgressSink({
    setProgress: (fraction) => bars.push(fraction),
    notify: (title, body) => notices.push(`${title}: ${body}`),
  });
  return { sink, bars, notices };
}

describe('batchProgressSink', () => {
  it('shows the fraction while running, clears it and notifies once at the end', () => {
    const { sink, bars, notices } = recorder();
    sink({ finished: 1, total: 4, failed: 0 });
    sink({ finished: 4, total: 4, failed: 1 });
    sink({ finished: 4, total: 4, failed: 1 });
    expect(bars).toEqual([0.25, null, null]);
    expect(notices).toEqual([
      'Dub batch finished: 3 of 4 requests finished; 1 failed or were canceled. Retry them with R in the Dub grid.',
    ]);
  });

  it('waits for a start to send every request before telling the end, and tells it once', () => {
    const { sink, notices } = recorder();
    // The first request ended before the second was sent.
    sink({ finished: 1, total: 1, failed: 0, sending: true });
    sink({ finished: 1, total: 2, failed: 0, sending: true });
    sink({ finished: 1, total: 2, failed: 0 });
    sink({ finished: 2, total: 2, failed: 0 });
    expect(notices).toEqual(['Dub batch finished: All 2 dubbing requests finished.']);
  });

  it('notifies again when a retried batch ends a second time', () => {
    const { sink, notices } = recorder();
    sink({ finished: 2, total: 2, failed: 0 });
    sink({ finished: 1, total: 2, failed: 0 });
    sink({ finished: 2, total: 2, failed: 0 });
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatch(/All 2 dubbing requests finished/);
  });
});
