/**
 * Where an upload body goes. The body writer hands it bytes it may reuse once `release` is
 * called: file parts are read into a few recycled buffers instead of a fresh allocation per
 * chunk, which is what kept uploads at about 0.6× curl's speed (each new 512 KB buffer is
 * fresh memory the kernel must fault in and zero, and garbage to collect).
 */
export interface ByteSink {
  /**
   * Queues bytes for sending. `release` runs once the sink no longer reads them (sent to the
   * socket, or dropped because the upload stopped). Answers false when the writer should wait
   * for `drained()` before writing more (backpressure).
   */
  write(bytes: Uint8Array, release: () => void): boolean;
  /** Resolves when the sink wants more; rejects with UploadStoppedError once it never will. */
  drained(): Promise<void>;
  /** Rejects with UploadStoppedError when the sink stops taking bytes (request destroyed). */
  readonly stopped: Promise<never>;
}

/** The destination went away mid-upload (cancel, or the server answered and closed). */
export class UploadStoppedError extends Error {
  override readonly name = 'UploadStoppedError';
}
