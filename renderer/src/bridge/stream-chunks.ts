import type { StreamChunkPayload } from '../../../shared/ipc/stream-frame';

/** Audio bytes of a running stream as pushed by main: the bytes themselves, no base64. */
export type StreamChunk = StreamChunkPayload;

/** Chunks of this many recent streams are kept, so a take can replay while the next streams. */
export const KEPT_STREAMS = 3;

/**
 * Collects `stream:chunk` pushes from app start, so a player that attaches after the first
 * chunks arrived (the submit answer can come after them) still gets the whole stream.
 */
export class StreamChunkStore {
  private readonly chunks = new Map<string, StreamChunk[]>();
  private readonly listeners = new Map<string, Set<(chunk: StreamChunk) => void>>();

  push(chunk: StreamChunk): void {
    let list = this.chunks.get(chunk.jobId);
    if (!list) {
      list = [];
      this.chunks.set(chunk.jobId, list);
      this.evictOld();
    }
    list.push(chunk);
    for (const listener of this.listeners.get(chunk.jobId) ?? []) listener(chunk);
  }

  /** Replays what arrived so far, then forwards new chunks until unsubscribed. */
  subscribe(jobId: string, listener: (chunk: StreamChunk) => void): () => void {
    for (const chunk of this.chunks.get(jobId) ?? []) listener(chunk);
    const set = this.listeners.get(jobId) ?? new Set();
    this.listeners.set(jobId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(jobId);
    };
  }

  count(jobId: string): number {
    return this.chunks.get(jobId)?.length ?? 0;
  }

  has(jobId: string): boolean {
    return this.chunks.has(jobId);
  }

  private evictOld(): void {
    // Map keeps insertion order: the first keys are the oldest streams.
    for (const jobId of this.chunks.keys()) {
      if (this.chunks.size <= KEPT_STREAMS) break;
      if (!this.listeners.has(jobId)) this.chunks.delete(jobId);
    }
  }
}

export const streamChunks = new StreamChunkStore();
