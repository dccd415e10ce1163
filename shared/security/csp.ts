/**
 * The renderer's Content-Security-Policy. Electron sets it on every response of the app's own
 * pages; the browser-mode host sends the same policy (plus its own loopback origin for the
 * WebSocket and media routes).
 */
export function contentSecurityPolicy(hostOrigin?: string): string {
  const loopback = hostOrigin ? ` ${hostOrigin} ${hostOrigin.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: media:${loopback}`,
    `media-src 'self' blob: media:${loopback}`,
    `connect-src 'self' media:${loopback}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
