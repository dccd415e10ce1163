import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startEngine, type EngineOptions, type RunningEngine } from '../index';

/**
 * Contract-test helpers: a real engine on a loopback port with a temp data folder, and a
 * client that speaks the wire format the official clients use (multipart or urlencoded).
 */
export type FieldValue = string | number | boolean;
/** Response bodies are read loosely: the tests' own assertions are the schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;
/** Fields as an object, or as pairs when a name must repeat or order matters. */
export type Fields = Record<string, FieldValue | undefined> | [string, FieldValue][];
/** File parts: field name -> local path (or a path with the filename / content type to send). */
export type Files =
  | Record<string, string | { path: string; filename?: string; contentType?: string }>
  | [string, string][];

export interface HttpResult<T = Loose> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON; otherwise undefined. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Key to send; null sends no Authorization header. Default: the engine's key. */
  key?: string | null;
  encoding?: 'multipart' | 'urlencoded';
}

export interface TestEngine {
  url: string;
  key: string;
  dataDir: string;
  engine: RunningEngine;
  post<T = Loose>(
    path: string,
    fields?: Fields,
    files?: Files,
    options?: RequestOptions,
  ): Promise<HttpResult<T>>;
  get<T = Loose>(path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  /** Polls GET /v1/tasks/{id} until succeeded or failed. */
  pollTask<T = Loose>(
    taskId: string,
    options?: { timeoutMs?: number; intervalMs?: number; key?: string },
  ): Promise<T>;
  /** Stops the engine and starts a new one on the same data folder (same options unless overridden). */
  restart(overrides?: Partial<EngineOptions>): Promise<void>;
  /** Stops the engine and deletes the data folder. */
  close(): Promise<void>;
}

export const TEST_KEY = 'sk_test_engine_key';

export async function tempDir(prefix = 'soundstage-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function startTestEngine(options: Partial<EngineOptions> = {}): Promise<TestEngine> {
  const dataDir = options.dataDir ?? (await tempDir('soundstage-engine-'));
  const key = options.key ?? TEST_KEY;
  let current: EngineOptions = { ...options, dataDir, key };
  let engine = await startEngine(current);
  const harness: TestEngine = {
    get url() {
      return engine.url;
    },
    key,
    dataDir,
    get engine() {
      return engine;
    },
    post: (path, fields = {}, files, requestOptions = {}) =>
      send(
        engine.url + path,
        'POST',
        requestOptions.key === undefined ? key : requestOptions.key,
        buildBody(fields, files, requestOptions.encoding),
      ),
    get: (path, requestOptions = {}) =>
      send(engine.url + path, 'GET', requestOptions.key === undefined ? key : requestOptions.key),
    async pollTask(taskId, pollOptions = {}) {
      const deadline = Date.now() + (pollOptions.timeoutMs ?? 110_000);
      for (;;) {
        const result = await harness.get(`/v1/tasks/${encodeURIComponent(taskId)}`, {
          key: pollOptions.key,
        });
        if (result.status !== 200)
          throw new Error(`task poll answered ${result.status}: ${result.text}`);
        if (result.body.status !== 'processing') return result.body;
        if (Date.now() > deadline)
          throw new Error(`task ${taskId} still processing after the poll timeout`);
        await new Promise((resolve) => setTimeout(resolve, pollOptions.intervalMs ?? 250));
      }
    },
    async restart(overrides = {}) {
      await engine.close();
      current = { ...current, ...overrides, dataDir };
      engine = await startEngine(current);
    },
    async close() {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

type BuiltBody = { body: string | FormData; contentType?: string };
type FilePart = { path: string; filename?: string; contentType?: string };

function buildBody(
  fields: Fields,
  files: Files | undefined,
  encoding: RequestOptions['encoding'],
): Promise<BuiltBody> {
  const pairs = (Array.isArray(fields) ? fields : Object.entries(fields)).filter(
    (pair): pair is [string, FieldValue] => pair[1] !== undefined,
  );
  const fileList: [string, FilePart][] = !files
    ? []
    : Array.isArray(files)
      ? files.map(([name, path]) => [name, { path }])
      : Object.entries(files).map(([name, f]) => [name, typeof f === 'string' ? { path: f } : f]);
  if (encoding === 'urlencoded') {
    if (fileList.length) throw new Error('urlencoded bodies cannot carry files');
    const params = new URLSearchParams(
      pairs.map(([name, value]): [string, string] => [name, String(value)]),
    );
    return Promise.resolve({
      body: params.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
  }
  return (async () => {
    const form = new FormData();
    for (const [name, value] of pairs) form.append(name, String(value));
    for (const [name, file] of fileList) {
      const blob = await openAsBlob(file.path, {
        type: file.contentType ?? 'application/octet-stream',
      });
      form.append(name, blob, file.filename ?? basename(file.path));
    }
    return { body: form };
  })();
}

async function send(
  url: string,
  method: string,
  key: string | null,
  bodyPromise?: Promise<BuiltBody>,
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | FormData | undefined;
  if (bodyPromise) {
    const built = await bodyPromise;
    body = built.body;
    if (built.contentType) headers['content-type'] = built.contentType;
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    body: isJson ? JSON.parse(text) : undefined,
    text,
  };
}

/** Sends a raw body (e.g. JSON) to check how the engine treats non-form encodings. */
export async function postRaw(
  engine: TestEngine,
  path: string,
  body: string,
  contentType: string,
): Promise<HttpResult> {
  const response = await fetch(engine.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${engine.key}`, 'content-type': contentType },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text.startsWith('{') ? JSON.parse(text) : undefined,
    text,
  };
}

/** Parses an NDJSON body into objects (throws on an invalid line, like the SDKs). */
export function parseNdjson(text: string): Record<string, Loose>[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, Loose>);
}
