import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../../../shared/security/csp';

/** The app's pages are served from app://soundstage/, so they have a real origin and a CSP header. */
export const APP_ORIGIN = 'app://soundstage';
/** Local previews (results, imports) are served from media://local/?path=..., checked per request. */
export const MEDIA_SCHEME = 'media';

/** Must run before app is ready. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    {
      scheme: MEDIA_SCHEME,
      privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
    },
  ]);
}

export function mediaUrlFor(path: string): string {
  return `${MEDIA_SCHEME}://local/?path=${encodeURIComponent(path)}`;
}

export function handleAppProtocol(rendererDir: string): void {
  protocol.handle('app', async (request) => {
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    const relative = normalize(pathname === '/' ? 'index.html' : pathname).replace(/^([/\\])+/, '');
    const filePath = join(rendererDir, relative);
    if (!filePath.startsWith(rendererDir + sep)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(filePath).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy());
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** `allowMediaPath` resolves symlinks and refuses anything outside the app's folders. */
export function handleMediaProtocol(
  allowMediaPath: (path: string) => Promise<string | null>,
): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const requested = new URL(request.url).searchParams.get('path') ?? '';
    const allowed = await allowMediaPath(requested);
    if (!allowed) return new Response('Forbidden', { status: 403 });
    // net.fetch on file: URLs honours Range headers, so media elements can seek.
    return net.fetch(pathToFileURL(allowed).toString(), { headers: request.headers });
  });
}
