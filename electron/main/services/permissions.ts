/**
 * Which web permissions the app's page may use, for Electron's session permission handlers
 * (request and check). Everything is denied unless listed: playing media needs no permission,
 * so only copying text (sanitized clipboard writes) and fullscreen video are granted, and only
 * to the app's own origin. Camera, microphone, geolocation, notifications, HID/USB/serial and
 * the rest stay off whatever a page asks.
 */
const GRANTED = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function isPermissionGranted(
  permission: string,
  requestingUrl: string | undefined,
  appOrigin: string,
): boolean {
  if (!GRANTED.has(permission) || !requestingUrl) return false;
  return isSameOrigin(requestingUrl, appOrigin);
}

/**
 * True when `url` belongs to `origin`, for custom schemes too: Node's URL answers 'null' as the
 * origin of `app://…` URLs, so scheme and host are compared instead.
 */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(origin);
    return a.protocol === b.protocol && a.host === b.host && a.host !== '';
  } catch {
    return false;
  }
}
