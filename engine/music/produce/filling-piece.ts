/**
 * A piece written into memory front to back while another task reads it as blocks. The writer
 * only reports how far it has got and never waits for the reader: the reader (an encoder) may
 * lag, but the writer (the mastering, which a mix is waiting for) runs at its own pace.
 */
export class FillingPiece {
  private filled = 0;
  private closed = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly pcm: Float32Array[],
    private readonly blockFrames: number,
  ) {}

  /** Frames [0, to) are written and final. */
  advance(to: number): void {
    this.filled = Math.max(this.filled, to);
    this.wake();
  }

  /** No more frames will be written: readers stop at what was filled. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** The piece in blocks of at most `blockFrames`, as views (nothing copied), as it fills. */
  async *blocks(): AsyncGenerator<Float32Array[]> {
    const total = this.pcm[0]!.length;
    let position = 0;
    while (position < total) {
      if (position >= this.filled) {
        if (this.closed) return;
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      const end = Math.min(this.filled, position + this.blockFrames);
      const from = position;
      yield this.pcm.map((channel) => channel.subarray(from, end));
      position = end;
    }
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
