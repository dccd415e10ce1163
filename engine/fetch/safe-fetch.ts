import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddress } from './ip-policy';

export interface SafeFetchOptions {
  destPath: string;
  maxBytes: number;
  /** Refuse plain http (dubbing, proofread, subtitle scripts). */
  httpsOnly?: boolean;
  /** Test flag only: allow loopback addresses. */
  allowLoopback?: boolean;
  maxRedirects?: number;
  /** Gap allowed between bytes (and for connecting), in ms. */
  idleTimeoutMs?: number;
  /**
   * Time allowed for the whole download, redirects included, in ms (default 10 minutes): a
   * server that trickles a byte just inside the idle timeout still cannot hold a task forever.
   */
  deadlineMs?: number;
  signal?: AbortSignal;
}

export type SafeFetchErrorKind =
  | 'bad_url'
  | 'scheme'
  | 'blocked'
  | 'dns'
  | 'too_large'
  | 'http_status'
  | 'too_many_redirects'
  | 'deadline'
  | 'network';

export type SafeFetchResult =
  | { ok: true; value: { path: string; bytes: number; contentType: string; finalUrl: string } }
  | { ok: false; error: { kind: SafeFetchErrorKind; message: string } };

type Failure = Extract<SafeFetchResult, { ok: false }>;
const fail = (kind: SafeFetchErrorKind, message: string): Failure => ({
  ok: false,
  error: { kind, message },
});

/**
 * Downloads a user-supplied URL without letting it reach the engine's own network: every hop's
 * host is resolved once, every address is checked, and the connection is made to the checked
 * address (the socket's lookup returns it), so DNS cannot change between check and connect.
 * Redirects are followed by hand and re-checked; the size cap is enforced while streaming.
 */
export async function safeFetchToFile(
  url: string,
  options: SafeFetchOptions,
): Promise<SafeFetchResult> {
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const result = await fetchWithin(url, { ...options, signal });
  if (!result.ok && deadline.aborted) {
    return fail(
      'deadline',
      `The download did not finish within ${Math.round(deadlineMs / 1000)} s`,
    );
  }
  return result;
}

const DEFAULT_DEADLINE_MS = 10 * 60_000;

async function fetchWithin(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = await checkTarget(current, options);
    if (!target.ok) return target;
    const response = await request(target.value.url, target.value.address, options);
    if (!response.ok) return response;
    const res = response.value;
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      try {
        current = new URL(res.headers.location, target.value.url).toString();
      } catch {
        return fail('bad_url', 'Redirect to an invalid URL');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      return fail('http_status', `The URL answered HTTP ${status}`);
    }
    return saveBody(res, target.value.url.toString(), options);
  }
  return fail('too_many_redirects', `More than ${maxRedirects} redirects`);
}

async function checkTarget(
  text: string,
  options: SafeFetchOptions,
): Promise<
  { ok: true; value: { url: URL; address: { address: string; family: number } } } | Failure
> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('bad_url', 'Not a valid URL');
  }
  if (url.protocol !== 'https:' && (options.httpsOnly || url.protocol !== 'http:')) {
    return fail(
      'scheme',
      options.httpsOnly ? 'Only https URLs are accepted' : 'Only http and https URLs are accepted',
    );
  }
  if (url.username || url.password)
    return fail('bad_url', 'URLs with credentials are not accepted');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return fail('dns', `Could not resolve ${host}`);
    }
  }
  const policy = { allowLoopback: options.allowLoopback ?? false };
  for (const candidate of addresses) {
    const verdict = checkAddress(candidate.address, policy);
    if (!verdict.allowed)
      return fail('blocked', `Refused to fetch from ${host}: ${verdict.reason}`);
  }
  const first = addresses[0];
  if (!first) return fail('dns', `Could not resolve ${host}`);
  return { ok: true, value: { url, address: first } };
}

function request(
  url: URL,
  pinned: { address: string; family: number },
  options: SafeFetchOptions,
): Promise<{ ok: true; value: IncomingMessage } | Failure> {
  // The only resolution the socket sees is the address checked above.
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup,
      headers: { 'user-agent': 'soundstage-engine', accept: '*/*' },
      signal: options.signal,
    });
    req.setTimeout(options.idleTimeoutMs ?? 60_000, () => req.destroy(new Error('timed out')));
    req.on('response', (res) => resolve({ ok: true, value: res }));
    req.on('error', (error) => resolve(fail('network', `Download failed: ${error.message}`)));
    req.end();
  });
}

function saveBody(
  res: IncomingMessage,
  finalUrl: string,
  options: SafeFetchOptions,
): Promise<SafeFetchResult> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    res.destroy();
    return Promise.resolve(fail('too_large', `The file is larger than ${options.maxBytes} bytes`));
  }
  const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
  return new Promise((resolve) => {
    const out = createWriteStream(options.destPath);
    let bytes = 0;
    let settled = false;
    const finish = (result: SafeFetchResult) => {
      if (settled) return;
      settled = true;
      if (!result.ok) {
        res.destroy();
        out.destroy();
        void rm(options.destPath, { force: true }).then(() => resolve(result));
      } else {
        resolve(result);
      }
    };
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > options.maxBytes)
        finish(fail('too_large', `The file is larger than ${options.maxBytes} bytes`));
    });
    res.on('error', (error) => finish(fail('network', `Download failed: ${error.message}`)));
    res.on('aborted', () => finish(fail('network', 'Download interrupted')));
    const stopped = () => finish(fail('network', 'Download stopped'));
    if (options.signal?.aborted) stopped();
    options.signal?.addEventListener('abort', stopped, { once: true });
    out.on('error', (error) =>
      finish(fail('network', `Could not store the download: ${error.message}`)),
    );
    out.on('finish', () =>
      finish({ ok: true, value: { path: options.destPath, bytes, contentType, finalUrl } }),
    );
    res.pipe(out);
  });
}
