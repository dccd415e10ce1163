export type BaseUrlCheck = { ok: true; url: string } | { ok: false; message: string };

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The base URL of a custom service: an http(s) URL without credentials, query or fragment;
 * https unless it points at this machine (the key travels in every request).
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (!text)
    return { ok: false, message: 'Enter the service address, e.g. https://api.example.com.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: 'This is not a valid URL. Include the scheme, e.g. https://api.example.com.',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'Use an http:// or https:// address.' };
  if (url.username || url.password)
    return {
      ok: false,
      message: 'Do not put credentials in the address; enter the API key below.',
    };
  if (url.search || url.hash)
    return { ok: false, message: 'Leave out query strings and fragments.' };
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return {
      ok: false,
      message:
        'Use https: the API key would travel unencrypted. Plain http is allowed only for this machine (localhost, 127.0.0.1).',
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(path))
    return { ok: false, message: 'Leave out /v1: the app adds it to every path.' };
  return { ok: true, url: `${url.origin}${path}` };
}

/** `scheme://host:port` of a URL, as main compares it with the key's origin; null if invalid. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
