/** What the queue needs of a MediaSource SourceBuffer (a fake with the same rules in tests). */
export interface AppendSink {
  readonly updating: boolean;
  appendBuffer(bytes: Uint8Array<ArrayBuffer>): void;
}

/**
 * Feeds stream chunks into a SourceBuffer in sequence order. A SourceBuffer takes one append
 * at a time (appending while `updating` throws), so chunks that arrive meanwhile are held and
 * appended together on the next `updateend`. Duplicates are dropped; a gap waits for its chunk.
 */
export class ChunkAppendQueue {
  private nextSeq: number | null = null;
  private readonly held = new Map<number, Uint8Array>();
  private finished = false;
  private ended = false;
  appendedBytes = 0;
  appendedChunks = 0;

  constructor(
    private readonly sink: AppendSink,
    /** Called once, after the last chunk was appended and the sink is idle. */
    private readonly onDrained: () => void,
  ) {}

  push(seq: number, bytes: Uint8Array): void {
    if (this.ended) return;
    // Chunks arrive over one ordered channel, so the first one seen opens the sequence.
    this.nextSeq ??= seq;
    if (seq < this.nextSeq || this.held.has(seq)) return;
    this.held.set(seq, bytes);
    this.pump();
  }

  /** No more chunks will come; the sink is ended once what is held has been appended. */
  finish(): void {
    this.finished = true;
    this.pump();
  }

  /** Call on the SourceBuffer's `updateend`. */
  onUpdateEnd(): void {
    this.pump();
  }

  get heldChunks(): number {
    return this.held.size;
  }

  private pump(): void {
    if (this.ended || this.sink.updating) return;
    const batch: Uint8Array[] = [];
    while (this.nextSeq !== null && this.held.has(this.nextSeq)) {
      batch.push(this.held.get(this.nextSeq)!);
      this.held.delete(this.nextSeq);
      this.nextSeq++;
    }
    if (batch.length > 0) {
      const bytes = concat(batch);
      this.appendedBytes += bytes.byteLength;
      this.appendedChunks += batch.length;
      this.sink.appendBuffer(bytes);
      return;
    }
    if (this.finished) {
      this.ended = true;
      this.onDrained();
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
