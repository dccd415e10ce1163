import { hostLink } from './api';
import { invoke } from './invoke';
import { uploadUrl } from './host-url';
import { TOKEN_HEADER } from '../../../shared/ipc/ws-protocol';
import {
  AUDIO_EXTENSIONS,
  SUBTITLE_EXTENSIONS,
  VIDEO_EXTENSIONS,
} from '../../../shared/api/limits';

export type PickKind = 'video' | 'audio' | 'subtitle';

export const ACCEPT_BY_KIND: Record<PickKind, string> = {
  video: VIDEO_EXTENSIONS.join(','),
  audio: AUDIO_EXTENSIONS.join(','),
  subtitle: SUBTITLE_EXTENSIONS.join(','),
};

/** Sends one file's bytes to the browser-mode host, which stores it and answers its path. */
export async function uploadFile(file: File): Promise<string> {
  const host = hostLink();
  if (host.mode !== 'browser') throw new Error('Uploading is only needed in browser mode.');
  const response = await fetch(uploadUrl(file.name), {
    method: 'POST',
    headers: { [TOKEN_HEADER]: host.token },
    body: file,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(
      `Upload of ${file.name} failed (HTTP ${response.status})${text ? `: ${text.slice(0, 200)}` : ''}`,
    );
  }
  const body = (await response.json()) as { path?: unknown };
  if (typeof body.path !== 'string') throw new Error(`Upload of ${file.name} got no path back.`);
  return body.path;
}

export async function uploadFiles(files: readonly File[]): Promise<string[]> {
  const paths: string[] = [];
  for (const file of files) paths.push(await uploadFile(file));
  return paths;
}

/** Lets the user choose files with the browser's own dialog (a hidden file input). */
function chooseInBrowser(kind: PickKind, multiple: boolean): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = ACCEPT_BY_KIND[kind];
    input.multiple = multiple;
    input.hidden = true;
    input.addEventListener('change', () => {
      resolve(Array.from(input.files ?? []));
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve([]);
      input.remove();
    });
    document.body.append(input);
    input.click();
  });
}

/**
 * Picks local files and answers absolute paths main can read: the native dialog in Electron,
 * the browser dialog plus an upload to the host in browser mode. An empty list means canceled.
 */
export async function pickFiles(kind: PickKind, multiple: boolean): Promise<string[]> {
  const host = hostLink();
  if (host.mode === 'browser') return uploadFiles(await chooseInBrowser(kind, multiple));
  const { paths } = await invoke('files:pick', { kind, multiple });
  return paths;
}

/**
 * Dropped files: uploaded in browser mode; in Electron the preload reads each File's path
 * (webUtils) and registers it with main as dropped, so main lets the app read it.
 */
export async function pathsOfDroppedFiles(files: readonly File[]): Promise<string[]> {
  const host = hostLink();
  if (host.mode === 'browser') return uploadFiles(files);
  const pathForFile = host.mode === 'electron' ? host.api.pathForFile : undefined;
  if (!pathForFile) throw new Error('Dropping files is not available here; use Choose instead.');
  const paths: string[] = [];
  for (const file of files) {
    const path = await pathForFile(file);
    if (!path) throw new Error(`Could not read the location of ${file.name}; use Choose instead.`);
    paths.push(path);
  }
  return paths;
}
