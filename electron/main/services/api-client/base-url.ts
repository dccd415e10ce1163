/**
 * Base URL handling (client-notes 1.1): trailing slashes are stripped, a path prefix is kept,
 * and a base that already ends in `/v1` is accepted (the `/v1` is removed here because every
 * path the client appends starts with `/v1/`).
 */
export type BaseUrlResult = { ok: true; value: string } | { ok: false; message: string };

export function normalizeBaseUrl(input: string): BaseUrlResult {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'Enter a full URL such as https://api.example.com.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The service URL must start with http:// or https://.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The service URL must not contain a user name or password.' };
  }
  if (url.search || url.hash) {
    return { ok: false, message: 'The service URL must not contain a query (?) or fragment (#).' };
  }
  let pathname = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(pathname)) pathname = pathname.slice(0, -3);
  return { ok: true, value: `${url.origin}${pathname}` };
}

/** Joins a normalised base and an absolute API path (`/v1/...`) by plain concatenation. */
export function apiUrl(base: string, path: string): string {
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for hosts that never leave this machine, where plain http is acceptable. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host) || host.endsWith('.localhost')
  );
}

/** `scheme://host:port` of a URL (default ports dropped), or null when it does not parse. */
export function urlOrigin(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
