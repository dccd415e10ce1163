import { describe, expect, it } from 'vitest';
import { WorkGate } from './work-gate';

/** A promise with its resolver outside, to hold work open until the test lets it end. */
function held(): { promise: Promise<void>; end: () => void } {
  let end!: () => void;
  const promise = new Promise<void>((resolve) => (end = resolve));
  return { promise, end };
}

describe('WorkGate', () => {
  it('runs up to its limit at once and queues the rest in order', async () => {
    const gate = new WorkGate(2);
    const holds = [held(), held(), held(), held()];
    const started: number[] = [];
    const runs = holds.map((hold, i) =>
      gate.run(async () => {
        started.push(i);
        await hold.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    holds[1]!.end();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    holds[0]!.end();
    holds[2]!.end();
    holds[3]!.end();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when work throws', async () => {
    const gate = new WorkGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('drops a cancelled waiter at once, without running its work', async () => {
    const gate = new WorkGate(1);
    const hold = held();
    const first = gate.run(() => hold.promise);
    const controller = new AbortController();
    let ran = false;
    const waiter = gate.run(async () => {
      ran = true;
    }, controller.signal);
    expect(gate.load.waiting).toBe(1);
    controller.abort(new Error('cancelled'));
    await expect(waiter).rejects.toThrow('cancelled');
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    hold.end();
    await first;
    expect(ran).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses work whose signal is already aborted', async () => {
    const gate = new WorkGate(1);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(gate.run(() => Promise.resolve(1), controller.signal)).rejects.toThrow('gone');
  });
});
