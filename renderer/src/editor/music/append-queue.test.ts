import { describe, expect, it } from 'vitest';
import { ChunkAppendQueue, type AppendSink } from './append-queue';

/** Behaves like a SourceBuffer: busy after an append until the test says the update ended. */
class FakeSourceBuffer implements AppendSink {
  updating = false;
  readonly appends: number[][] = [];
  appendBuffer(bytes: Uint8Array): void {
    if (this.updating) throw new Error('InvalidStateError: append while updating');
    this.updating = true;
    this.appends.push([...bytes]);
  }
  completeUpdate(queue: ChunkAppendQueue): void {
    this.updating = false;
    queue.onUpdateEnd();
  }
}

const bytes = (...values: number[]) => new Uint8Array(values);

describe('ChunkAppendQueue', () => {
  it('appends one batch at a time and joins chunks that arrived while busy', () => {
    const sink = new FakeSourceBuffer();
    let drained = 0;
    const queue = new ChunkAppendQueue(sink, () => drained++);
    queue.push(0, bytes(1, 2));
    queue.push(1, bytes(3));
    queue.push(2, bytes(4, 5));
    expect(sink.appends).toEqual([[1, 2]]);
    sink.completeUpdate(queue);
    expect(sink.appends).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    queue.finish();
    expect(drained).toBe(0);
    sink.completeUpdate(queue);
    expect(drained).toBe(1);
    expect(queue.appendedBytes).toBe(5);
    expect(queue.appendedChunks).toBe(3);
  });

  it('holds a chunk that arrives early and drops duplicates', () => {
    const sink = new FakeSourceBuffer();
    const queue = new ChunkAppendQueue(sink, () => undefined);
    queue.push(5, bytes(50));
    sink.completeUpdate(queue);
    queue.push(7, bytes(70));
    expect(sink.appends).toEqual([[50]]);
    expect(queue.heldChunks).toBe(1);
    queue.push(5, bytes(99));
    queue.push(6, bytes(60));
    expect(sink.appends).toEqual([[50], [60, 70]]);
  });

  it('ends once, only after everything held was appended', () => {
    const sink = new FakeSourceBuffer();
    let drained = 0;
    const queue = new ChunkAppendQueue(sink, () => drained++);
    queue.finish();
    expect(drained).toBe(1);
    queue.push(0, bytes(1));
    queue.finish();
    expect(sink.appends).toEqual([]);
    expect(drained).toBe(1);
  });
});
