import { isIpcErrorCode } from '../../../shared/ipc/error-codes';
import type { IpcError, Result } from '../../../shared/ipc/result';

/**
 * Requests sent over the socket that wait for their answer. When the socket drops, every
 * waiting request fails at once with the same clear error instead of hanging.
 */
export class PendingRequests {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: Result<unknown>) => void>();

  /** Registers a request; returns its id and the promise of its answer. */
  open(): { id: number; answer: Promise<Result<unknown>> } {
    const id = this.nextId++;
    const answer = new Promise<Result<unknown>>((resolve) => this.waiting.set(id, resolve));
    return { id, answer };
  }

  /** Delivers an answer; answers for unknown ids (already failed) are ignored. */
  settle(id: number, result: Result<unknown>): boolean {
    const resolve = this.waiting.get(id);
    if (!resolve) return false;
    this.waiting.delete(id);
    resolve(result);
    return true;
  }

  failAll(error: IpcError): number {
    const count = this.waiting.size;
    for (const resolve of this.waiting.values()) resolve({ ok: false, error });
    this.waiting.clear();
    return count;
  }

  get size(): number {
    return this.waiting.size;
  }
}

/** Accepts only `{ ok: true, value }` or `{ ok: false, error: { code, message } }` from the wire. */
export function readWireResult(raw: unknown): Result<unknown> {
  if (typeof raw === 'object' && raw !== null && 'ok' in raw) {
    const record = raw as Record<string, unknown>;
    if (record.ok === true) return { ok: true, value: record.value };
    const error = record.error as Record<string, unknown> | undefined;
    if (record.ok === false && error && typeof error.message === 'string') {
      return {
        ok: false,
        error: {
          // A code this build does not know still arrives as an error, under the generic kind.
          code:
            typeof error.code === 'string' && isIpcErrorCode(error.code) ? error.code : 'internal',
          message: error.message,
          retryable: error.retryable === true,
          ...(typeof error.field === 'string' ? { field: error.field } : {}),
        },
      };
    }
  }
  return {
    ok: false,
    error: {
      code: 'bad_answer',
      message: 'The host sent an answer the app could not read.',
      retryable: false,
    },
  };
}
