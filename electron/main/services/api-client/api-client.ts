import {
  capabilityTableSchema,
  LOCAL_CAPABILITIES_PATH,
  type CapabilityTable,
} from '../../../../shared/api/capabilities';
import type { ApiError } from '../../../../shared/api/errors';
import {
  accountServicesSchema,
  accountUsageSchema,
  taskAcceptedSchema,
  taskStatusSchema,
  type AccountServices,
  type AccountUsage,
  type TaskAccepted,
  type TaskStatus,
} from '../../../../shared/api/responses';
import { READ_PATHS, TASK_PATHS } from '../../../../shared/api/task-types';
import type { JobRequest } from '../../../../shared/domain/jobs/job';
import { apiFail, type ApiResult } from './api-result';
import { apiUrl, normalizeBaseUrl, urlOrigin } from './base-url';
import { downloadToFile, type DownloadedFile } from './download';
import { errorFromResponse, readJson, send, type FetchImpl } from './http';
import { postStreaming } from './http-post';
import { buildMultipartBody } from './multipart';
import { consumeMusicStream, type StreamHandlers, type StreamOutcome } from './ndjson-stream';
import { redact } from './redact';
import { wireFileParts, wireTextParts } from './wire-fields';

export const CLIENT_NAME = 'soundstage-desktop';

export interface ApiClientOptions {
  baseUrl: string;
  /** The key for this base URL's origin; null when none is configured for it. */
  getKey: () => Promise<string | null>;
  clientVersion: string;
  /** For GETs and result downloads; uploads go through node:http(s) for backpressure (http-post.ts). */
  fetchImpl?: FetchImpl;
  /**
   * Waits for a turn before each upload POST (fetchImpl's wrapper paces the GETs): the request
   * pacer keeps every request under the account's rpm_limit (docs/dubbing.md).
   */
  beforePost?: (signal?: AbortSignal) => Promise<void>;
  /** Debug log sink; every line is redacted before it gets here. */
  log?: (line: string) => void;
}

export type UploadProgress = (sent: number, total: number) => void;

/** Extra request headers of a POST, e.g. `Idempotency-Key` (docs/api-notes.md). */
export type ExtraHeaders = Readonly<Record<string, string>>;

/**
 * The HTTP API client (spec + docs/api-notes.md). Every method answers an ApiResult; nothing throws.
 * API calls carry the bearer key and the client headers; result downloads carry neither.
 */
export class ApiClient {
  readonly baseUrl: string;
  /** The only origin the key is ever sent to. */
  readonly origin: string;
  private readonly fetchImpl: FetchImpl;

  constructor(private readonly options: ApiClientOptions) {
    const normalized = normalizeBaseUrl(options.baseUrl);
    if (!normalized.ok) throw new Error(`Invalid service URL: ${normalized.message}`);
    this.baseUrl = normalized.value;
    this.origin = new URL(this.baseUrl).origin;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  getServices(signal?: AbortSignal): Promise<ApiResult<AccountServices>> {
    return this.getJson(READ_PATHS.services, (v) => accountServicesSchema.safeParse(v), signal);
  }

  getUsage(days: number, signal?: AbortSignal): Promise<ApiResult<AccountUsage>> {
    return this.getJson(READ_PATHS.usage(days), (v) => accountUsageSchema.safeParse(v), signal);
  }

  /** The local engine's capability table (docs/engine-notes.md 7); the service has no such route. */
  getLocalCapabilities(signal?: AbortSignal): Promise<ApiResult<CapabilityTable>> {
    return this.getJson(LOCAL_CAPABILITIES_PATH, (v) => capabilityTableSchema.safeParse(v), signal);
  }

  /** The same, after the engine looked every tool up again. */
  getLocalCapabilitiesRefreshed(signal?: AbortSignal): Promise<ApiResult<CapabilityTable>> {
    return this.getJson(
      `${LOCAL_CAPABILITIES_PATH}?refresh=1`,
      (v) => capabilityTableSchema.safeParse(v),
      signal,
    );
  }

  getTask(taskId: string, signal?: AbortSignal): Promise<ApiResult<TaskStatus>> {
    return this.getJson(READ_PATHS.task(taskId), (v) => taskStatusSchema.safeParse(v), signal);
  }

  /** POSTs an async request (files streamed from disk) and answers the TaskAccepted ack. */
  async submit(
    request: JobRequest,
    onUploadProgress?: UploadProgress,
    signal?: AbortSignal,
    headers: ExtraHeaders = {},
  ): Promise<ApiResult<TaskAccepted>> {
    const posted = await this.post(request, onUploadProgress, signal, 'application/json', headers);
    if (!posted.ok) return posted;
    return readJson(posted.value, (v) => taskAcceptedSchema.safeParse(v), signal);
  }

  /**
   * POSTs a stream-mode music request and consumes its NDJSON answer. Succeeds only on a
   * `complete` event; `error` events become kind 'upstream' with the event's code.
   */
  async stream(
    request: JobRequest,
    handlers: StreamHandlers & {
      onUploadProgress?: UploadProgress;
      onResponse?: () => void;
      headers?: ExtraHeaders;
    },
  ): Promise<ApiResult<StreamOutcome>> {
    const streamRequest: JobRequest = { ...request, delivery: 'stream' };
    const posted = await this.post(
      streamRequest,
      handlers.onUploadProgress,
      handlers.signal,
      'application/x-ndjson',
      handlers.headers,
    );
    if (!posted.ok) return posted;
    const response = posted.value;
    if (!response.ok) return apiFail(await errorFromResponse(response));
    if (!response.body) {
      return apiFail({
        kind: 'upstream',
        code: 'truncated_stream',
        message: 'The stream had no body.',
        retryable: true,
      });
    }
    handlers.onResponse?.();
    return consumeMusicStream(
      response.body,
      apiUrl(this.baseUrl, TASK_PATHS[request.type]),
      handlers,
    );
  }

  /** Downloads a result file (no auth headers; redirects followed; size checked when known). */
  download(
    url: string,
    destPath: string,
    onProgress?: (done: number, total: number | undefined) => void,
    signal?: AbortSignal,
    expectedBytes?: number,
  ): Promise<ApiResult<DownloadedFile>> {
    const absolute = this.resolveResultUrl(url);
    this.log(`GET ${absolute} (result download)`);
    return downloadToFile(this.fetchImpl, absolute, destPath, {
      onProgress,
      signal,
      expectedBytes,
    });
  }

  /** Result URLs are absolute; a bare path is taken relative to the service's origin. */
  private resolveResultUrl(url: string): string {
    try {
      return new URL(url, `${this.baseUrl}/`).toString();
    } catch {
      return url;
    }
  }

  /** Headers of an API call to `url`; the key goes only to the client's own origin. */
  private async authHeaders(url: string): Promise<ApiResult<Record<string, string>>> {
    if (urlOrigin(url) !== this.origin) return apiFail(noKeyError());
    let key: string | null;
    try {
      key = await this.options.getKey();
    } catch {
      key = null;
    }
    if (!key) return apiFail(noKeyError());
    return {
      ok: true,
      value: {
        Authorization: `Bearer ${key}`,
        'X-Sonilo-Client': CLIENT_NAME,
        'X-Sonilo-Client-Version': this.options.clientVersion,
        Accept: 'application/json',
      },
    };
  }

  private async getJson<T>(
    path: string,
    parse: Parameters<typeof readJson<T>>[1],
    signal?: AbortSignal,
  ): Promise<ApiResult<T>> {
    const url = apiUrl(this.baseUrl, path);
    const headers = await this.authHeaders(url);
    if (!headers.ok) return headers;
    const sent = await send(this.fetchImpl, url, { method: 'GET', headers: headers.value, signal });
    if (!sent.ok) return this.logged('GET', url, sent);
    this.log(`GET ${url} -> ${sent.value.status}`);
    return readJson(sent.value, parse, signal);
  }

  private async post(
    request: JobRequest,
    onUploadProgress: UploadProgress | undefined,
    signal: AbortSignal | undefined,
    accept = 'application/json',
    extraHeaders: ExtraHeaders = {},
  ): Promise<ApiResult<Response>> {
    const url = apiUrl(this.baseUrl, TASK_PATHS[request.type]);
    const headers = await this.authHeaders(url);
    if (!headers.ok) return headers;
    const body = await buildMultipartBody(wireTextParts(request), wireFileParts(request));
    if (!body.ok) {
      return apiFail({
        kind: 'invalid_request',
        code: 'file_unreadable',
        message: body.message,
        fieldErrors: [{ loc: ['body', body.field], msg: body.message }],
        retryable: false,
      });
    }
    await this.options.beforePost?.(signal);
    const sent = await postStreaming(
      url,
      {
        ...extraHeaders,
        ...headers.value,
        Accept: accept,
        'Content-Type': body.value.contentType,
        'Content-Length': String(body.value.contentLength),
      },
      body.value,
      signal,
      onUploadProgress,
    );
    if (!sent.ok) return this.logged('POST', url, sent);
    this.log(`POST ${url} (${body.value.contentLength} bytes) -> ${sent.value.status}`);
    return sent;
  }

  private logged<T>(
    method: string,
    url: string,
    result: { ok: false; error: ApiError },
  ): ApiResult<T> {
    this.log(`${method} ${url} failed: ${result.error.kind} ${result.error.message}`);
    return result;
  }

  private log(line: string): void {
    if (!this.options.log) return;
    this.options.log(redact(line));
  }
}

function noKeyError(): ApiError {
  return {
    kind: 'unauthorized',
    code: 'no_key',
    message: 'No API key is set for this service. Enter one in Settings.',
    retryable: false,
  };
}
