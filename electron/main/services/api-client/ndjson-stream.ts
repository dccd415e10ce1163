import type { ApiError } from '../../../../shared/api/errors';
import { NdjsonParser, decodeBase64 } from '../../../../shared/api/ndjson';
import type { StreamEvent } from '../../../../shared/api/responses';
import { apiFail, apiOk, type ApiResult } from './api-result';
import { transportError } from './http';
import { IdleTimeoutError, NETWORK_LIMITS, readWithin } from './network-limits';

export interface StreamTitle {
  title: string;
  summary?: string;
  displayTags?: string[];
}

export interface StreamCost {
  billingRatePerSec?: number;
  billingBeforeDiscount?: number;
  billingAfterDiscount?: number;
  discountFactor?: number;
}

export interface StreamOutcome {
  title?: StreamTitle;
  cost?: StreamCost;
  /** Audio bytes received, all streams together. */
  bytes: number;
  chunks: number;
  numStreams: number;
}

export interface StreamHandlers {
  onEvent?: (event: StreamEvent) => void;
  /** Decoded audio bytes, in order, per stream index (the local engine sends one stream). */
  onBytes?: (bytes: Uint8Array, streamIndex: number) => void | Promise<void>;
  signal?: AbortSignal;
  /** Longest pause between two chunks of the stream (tests shorten it). */
  idleMs?: number;
}

function streamError(code: string, message: string, retryable: boolean): ApiError {
  return { kind: 'upstream', code, message, retryable };
}

/**
 * Consumes an NDJSON music stream (docs/api-notes.md section 4): events in order, audio chunks
 * base64-decoded and handed on, `error` events and streams that end without `complete`
 * become errors. The body is read as it arrives, so memory holds at most one line.
 */
export async function consumeMusicStream(
  body: ReadableStream<Uint8Array>,
  url: string,
  handlers: StreamHandlers,
): Promise<ApiResult<StreamOutcome>> {
  const parser = new NdjsonParser(NETWORK_LIMITS.ndjsonLineChars);
  const idleMs = handlers.idleMs ?? NETWORK_LIMITS.idleMs;
  const outcome: StreamOutcome = { bytes: 0, chunks: 0, numStreams: 1 };
  const reader = body.getReader();
  let finished: ApiResult<StreamOutcome> | null = null;

  const handle = async (
    items: ReturnType<NdjsonParser['push']>,
  ): Promise<ApiResult<StreamOutcome> | null> => {
    for (const item of items) {
      if (!item.ok && item.tooLong)
        return apiFail(
          streamError(
            'UPSTREAM_MALFORMED',
            `The stream sent a line longer than ${NETWORK_LIMITS.ndjsonLineChars} characters.`,
            false,
          ),
        );
      if (!item.ok) {
        // The SDKs throw on a line that is not JSON; a corrupt stream cannot be trusted further.
        return apiFail(
          streamError('UPSTREAM_MALFORMED', 'The stream sent a line that is not JSON.', false),
        );
      }
      const event = item.event;
      handlers.onEvent?.(event);
      switch (event.type) {
        case 'title':
          if (event.title) {
            outcome.title = {
              title: event.title,
              summary: event.summary,
              displayTags: event.display_tags,
            };
          }
          break;
        case 'audio_chunk': {
          const bytes = decodeBase64(event.data);
          if (!bytes)
            return apiFail(
              streamError('UPSTREAM_MALFORMED', 'The stream sent audio that is not base64.', false),
            );
          outcome.bytes += bytes.length;
          outcome.chunks += 1;
          outcome.numStreams = Math.max(outcome.numStreams, event.num_streams);
          try {
            await handlers.onBytes?.(bytes, event.stream_index);
          } catch (error) {
            return apiFail({
              kind: 'internal',
              code: 'write_failed',
              message: `Could not keep the streamed audio: ${(error as Error).message}`,
              retryable: false,
            });
          }
          break;
        }
        case 'cost':
          outcome.cost = {
            billingRatePerSec: event.billing_rate_per_sec,
            billingBeforeDiscount: event.billing_before_discount,
            billingAfterDiscount: event.billing_after_discount,
            discountFactor: event.discount_factor,
          };
          break;
        case 'error':
          return apiFail(streamError(event.code, event.message, true));
        case 'complete':
          return apiOk(outcome);
        default:
          break;
      }
    }
    return null;
  };

  try {
    while (!finished) {
      const { done, value } = await readWithin(reader, idleMs);
      if (done) {
        finished = (await handle(parser.end())) ?? null;
        break;
      }
      finished = await handle(parser.push(value));
    }
  } catch (error) {
    finished =
      error instanceof IdleTimeoutError
        ? apiFail(
            streamError(
              'stream_stalled',
              `${error.message} The take can be generated again.`,
              true,
            ),
          )
        : apiFail(transportError(error, url, handlers.signal));
  } finally {
    // Stop reading after a terminal event; anything the server sends after it is ignored.
    await reader.cancel().catch(() => undefined);
  }
  return (
    finished ??
    apiFail(
      streamError(
        'truncated_stream',
        "The stream ended before a 'complete' event (truncated response).",
        true,
      ),
    )
  );
}
