import type { IpcErrorCode } from './error-codes';

/** Every IPC answer, and every fallible service call in main: errors are values. */
export interface IpcError {
  /** One of a closed set (error-codes.ts), so every code the renderer sees has its words. */
  code: IpcErrorCode;
  message: string;
  retryable: boolean;
  /** Optional field the message is about, so the UI can show it at the field. */
  field?: string;
  /** Optional 1-based line of a file the message is about (where reading a file stopped). */
  line?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (
  code: IpcErrorCode,
  message: string,
  extra: Partial<IpcError> = {},
): Result<never> => ({
  ok: false,
  error: { code, message, retryable: false, ...extra },
});
