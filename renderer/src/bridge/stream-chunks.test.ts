import { describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/jobs/job';
import { removeJob, upsertJob } from './jobs-cache';
import { KEPT_STREAMS, StreamChunkStore } from './stream-chunks';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('StreamChunkStore', () => {
  it('replays chunks that arrived before the player attached, then forwards new ones', () => {
    const store = new StreamChunkStore();
    store.push({ jobId: 'a', seq: 0, data: bytes(0) });
    store.push({ jobId: 'b', seq: 0, data: bytes(4) });
    store.push({ jobId: 'a', seq: 1, data: bytes(1) });
    const seen: number[] = [];
    const payloads: number[][] = [];
    const off = store.subscribe('a', (chunk) => {
      seen.push(chunk.seq);
      payloads.push(Array.from(chunk.data));
    });
    store.push({ jobId: 'a', seq: 2, data: bytes(2) });
    off();
    store.push({ jobId: 'a', seq: 3, data: bytes(3) });
    expect(seen).toEqual([0, 1, 2]);
    // The bytes arrive as pushed, with nothing to decode.
    expect(payloads).toEqual([[0], [1], [2]]);
    expect(store.count('a')).toBe(4);
  });

  it('keeps only the most recent streams, but never one that is being played', () => {
    const store = new StreamChunkStore();
    const off = store.subscribe('first', () => undefined);
    store.push({ jobId: 'first', seq: 0, data: bytes() });
    for (let i = 0; i < KEPT_STREAMS + 2; i++)
      store.push({ jobId: `s${i}`, seq: 0, data: bytes() });
    expect(store.has('first')).toBe(true);
    expect(store.has('s0')).toBe(false);
    expect(store.has(`s${KEPT_STREAMS + 1}`)).toBe(true);
    off();
  });
});

const job = (
  id: string,
  createdAt: number,
  updatedAt: number,
  stage: Job['stage'] = 'queued',
): Job => ({
  id,
  request: { type: 'text_to_music', delivery: 'stream', fields: {}, files: {}, label: id },
  stage,
  createdAt,
  updatedAt,
  attempts: 0,
  files: [],
});

describe('jobs cache', () => {
  it('inserts newest first, replaces by id and ignores stale pushes', () => {
    let list = upsertJob(undefined, job('a', 1, 1));
    list = upsertJob(list, job('b', 2, 2));
    expect(list.map((j) => j.id)).toEqual(['b', 'a']);
    list = upsertJob(list, job('a', 1, 5, 'streaming'));
    expect(list.find((j) => j.id === 'a')?.stage).toBe('streaming');
    list = upsertJob(list, job('a', 1, 3, 'queued'));
    expect(list.find((j) => j.id === 'a')?.stage).toBe('streaming');
    expect(removeJob(list, 'a').map((j) => j.id)).toEqual(['b']);
  });
});
