import { TASK_PATHS, type TaskType } from '../../shared/api/task-types';
import type { CapabilityTable } from '../../shared/api/capabilities';
import type { Segment } from '../../shared/api/segments';
import type { FieldReader } from './field-reader';
import type { RequestForm } from './form';
import type { MediaProbe } from './media-probe';
import type { Checked, Rejection } from './rejection';

export { ok, reject, invalidRequest, unprocessable, payloadTooLarge } from './rejection';
export type { Checked, Rejection, FieldErrorItem } from './rejection';
export type { RequestForm, UploadedFile, FormEntry } from './form';
export type { FieldReader } from './field-reader';
export type { MediaProbe } from './media-probe';

/**
 * The endpoint framework. An endpoint module validates a form into a JSON-serializable input
 * (persisted with the task so it can be re-run after an engine restart), says how much of it
 * is billable, and does the work. The core owns everything else: auth, rate limits, body
 * parsing, billing and trials, the task record, refunds, result URLs and NDJSON framing.
 */

/** A media input after resolution: an uploaded file or a safely fetched URL, probed. */
export interface ResolvedMedia {
  /** Absolute path inside the task's folder. */
  path: string;
  source: 'file' | 'url';
  probe: MediaProbe;
}

export interface ResolveMediaOptions {
  /** Defaults: `video` / `video_url`. */
  fileField?: string;
  urlField?: string;
  /** Dubbing and proofread: plain http URLs are refused with 422. */
  httpsOnly?: boolean;
  /** Enforce MAX_MEDIA_SECONDS of the endpoint's type (default true). */
  checkDuration?: boolean;
  /** Refuse media without a video track (422) / without an audio track (422). */
  requireVideo?: boolean;
  requireAudio?: boolean;
  /** Word used in messages ("Video duration ..."); default "Video" for video fields, else "Media". */
  label?: string;
  /** When false, neither field being sent resolves to `undefined` instead of 400. Default true. */
  required?: boolean;
}

export interface PrepareContext {
  /** The task id this request will get if it is accepted. */
  taskId: string;
  /** The task's own folder; uploads are already inside it. Put derived inputs here too. */
  workDir: string;
  account: { id: string; maxUploadSizeMb: number };
  /** A fresh field reader over the request form. */
  fields: FieldReader;
  /**
   * What this machine can do offline; endpoints refuse a language it cannot do before the
   * media is probed or anything charged. Absent when no table applies (unit tests).
   */
  capabilities?: CapabilityTable;
  /** ffprobe; unreadable media is a 422 rejection, never a 500. */
  probe(path: string, label?: string): Promise<Checked<MediaProbe>>;
  /**
   * Exactly one of a file field or a URL field (400 invalid_request otherwise); fetches URLs
   * SSRF-safely into workDir under the account's upload cap (413), probes, and applies the
   * type's duration cap (422 `Video duration 240.0s exceeds the 180s video-to-sfx maximum`).
   */
  resolveMedia(
    options: ResolveMediaOptions & { required: false },
  ): Promise<Checked<ResolvedMedia | undefined>>;
  resolveMedia(options?: ResolveMediaOptions): Promise<Checked<ResolvedMedia>>;
  /** Fetches any URL (e.g. a `subtitles[es]` https URL) SSRF-safely into workDir; returns the path. */
  fetchUrl(
    url: string,
    options: { fileName: string; httpsOnly?: boolean; maxBytes?: number; field?: string },
  ): Promise<Checked<string>>;
  /** The duration cap of this endpoint's type, as a rejection when exceeded. */
  checkDuration(seconds: number, label?: string): Rejection | undefined;
  /** Parses and checks a `segments` field (shared rules); undefined when the field was omitted. */
  parseSegments(field?: string, durationSeconds?: number): Checked<Segment[] | undefined>;
  /** `preserve_speech` ORed with its legacy alias `isolate_vocals`. */
  preserveSpeech(): boolean;
}

/** Billable quantity of an accepted request; the core applies rates, floors, discount, trials. */
export interface BillingRequest {
  /** Media seconds processed (also reported as the task's `duration_seconds`). */
  seconds: number;
  /** Languages, variants, targets... multiplies the seconds (default 1). */
  multiplier?: number;
  /** False when a free trial call may not cover this request (e.g. variants_num > 1). */
  trialEligible?: boolean;
}

export interface PublishedFile {
  url: string;
  content_type: string;
  file_size: number;
}

export interface RunContext {
  taskId: string;
  workDir: string;
  signal: AbortSignal;
  /** Stores a result file and returns its media object (the URL is re-issued on every task read). */
  publish(
    filePath: string,
    options: { contentType: string; ext: string; name?: string },
  ): Promise<PublishedFile>;
  /** 32-bit payload to embed in every generated audio file of this task. */
  watermarkPayload: number;
  /** The engine's watermark key (EngineOptions.watermarkKey); undefined = the generators' default. */
  watermarkKey?: string;
  log(message: string): void;
}

export type StreamContext = Omit<RunContext, 'publish'>;

/** Result fields merged into the task envelope (audio, video, outputs, ...). */
export type TaskResultFields = Record<string, unknown>;

const FAILURE = Symbol('TaskFailure');
export interface TaskFailure {
  readonly [FAILURE]: true;
  code: string;
  message: string;
}

/** An expected failure of a task's work, as a value (`return taskFailure('DUCKING_FAILED', ...)`). */
export function taskFailure(code: string, message: string): TaskFailure {
  return { [FAILURE]: true, code, message };
}

export function isTaskFailure(value: unknown): value is TaskFailure {
  return typeof value === 'object' && value !== null && FAILURE in value;
}

/** Thrown from deep inside a pipeline when a specific task error code applies. */
export class TaskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}

/** What a stream endpoint yields; the core frames them as NDJSON events and adds cost + complete. */
export type StreamItem =
  | { type: 'title'; title: string; summary?: string; display_tags?: string[] }
  | { type: 'audio'; bytes: Uint8Array; streamIndex?: number; numStreams?: number };

export interface AsyncEndpointSpec<I> {
  type: TaskType;
  /** error.code of a failed task when the work throws something other than TaskError. */
  failureCode?: string;
  prepare(form: RequestForm, ctx: PrepareContext): Promise<Checked<I>>;
  billing(input: I): BillingRequest;
  run(input: I, ctx: RunContext): Promise<TaskResultFields | TaskFailure>;
  /** Extra keys of the 202 body (dubbing's subtitle_preflight). */
  ackFields?(input: I): Record<string, unknown>;
}

export interface StreamEndpointSpec<I> extends AsyncEndpointSpec<I> {
  /** True when this request asked for the NDJSON stream rather than an async task. */
  isStream(input: I): boolean;
  stream(input: I, ctx: StreamContext): AsyncIterable<StreamItem>;
}

/** The erased form the registry holds. */
export interface Endpoint {
  type: TaskType;
  path: string;
  failureCode: string;
  prepare(form: RequestForm, ctx: PrepareContext): Promise<Checked<unknown>>;
  billing(input: unknown): BillingRequest;
  run(input: unknown, ctx: RunContext): Promise<TaskResultFields | TaskFailure>;
  ackFields?(input: unknown): Record<string, unknown>;
  isStream?(input: unknown): boolean;
  stream?(input: unknown, ctx: StreamContext): AsyncIterable<StreamItem>;
}

export function defineAsyncEndpoint<I>(spec: AsyncEndpointSpec<I>): Endpoint {
  return {
    ...(spec as unknown as Omit<Endpoint, 'path' | 'failureCode'>),
    path: TASK_PATHS[spec.type],
    failureCode: spec.failureCode ?? 'GENERATION_FAILED',
  };
}

export function defineStreamEndpoint<I>(spec: StreamEndpointSpec<I>): Endpoint {
  return defineAsyncEndpoint(spec);
}
