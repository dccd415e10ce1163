import type { ChannelRequest, ChannelResponse, RequestChannel } from '../../../shared/ipc/contract';
import type { IpcError, Result } from '../../../shared/ipc/result';
import { api } from './api';

/** A failed IPC answer, thrown for react-query; `info` keeps the code and the field it concerns. */
export class InvokeError extends Error {
  constructor(
    readonly channel: RequestChannel,
    readonly info: IpcError,
  ) {
    super(info.message);
    this.name = 'InvokeError';
  }
  get code(): string {
    return this.info.code;
  }
  get field(): string | undefined {
    return this.info.field;
  }
}

export function invokeResult<C extends RequestChannel>(
  channel: C,
  request: ChannelRequest<C>,
): Promise<Result<ChannelResponse<C>>> {
  return api()
    .invoke(channel, request)
    .catch((cause: unknown): Result<ChannelResponse<C>> => ({
      ok: false,
      error: {
        code: 'bridge_failed',
        message: cause instanceof Error ? cause.message : String(cause),
        retryable: false,
      },
    }));
}

/** Invokes a channel and throws InvokeError on a failed answer (for queries and mutations). */
export async function invoke<C extends RequestChannel>(
  channel: C,
  request: ChannelRequest<C>,
): Promise<ChannelResponse<C>> {
  const result = await invokeResult(channel, request);
  if (!result.ok) throw new InvokeError(channel, result.error);
  return result.value;
}

/** A message for any error a query or mutation may hold. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
