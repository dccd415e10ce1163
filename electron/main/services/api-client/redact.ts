/**
 * Log hygiene: the API key and the Authorization header never reach a log line. Every log
 * line the services write goes through `redact`, which masks bearer tokens, key-shaped
 * strings and any secret passed in explicitly.
 */
const BEARER = /(Bearer\s+)[^\s"',;]+/gi;
const KEY_SHAPED = /\b(sks?[_-][A-Za-z0-9_-]{6,})/g;
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

export const REDACTED = '[redacted]';

export function redact(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out.replace(BEARER, `$1${REDACTED}`).replace(KEY_SHAPED, REDACTED);
}

/** A copy of request headers that is safe to log. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    safe[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : redact(value);
  }
  return safe;
}
