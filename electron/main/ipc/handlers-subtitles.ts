import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { subtitlesChannels } from '../../../shared/ipc/channels/subtitles';
import { fail, ok } from '../../../shared/ipc/result';
import { readSubtitleFile, writeSubtitleFile } from '../../../shared/node/subtitles';
import type { DomainHandlers } from './handlers';
import type { FileAccess } from '../services/file-access/file-access';

export interface SubtitleHandlerDeps {
  /** Main's list of the files the renderer may name (the same one media:url uses). */
  files: Pick<FileAccess, 'allowRead' | 'rememberWritten'>;
  /** Where `subtitles:write` puts a file given by name. */
  projectFolder: () => string;
}

const outside = () =>
  fail('path_not_allowed', 'That file is outside the folders the app may use.', {
    field: 'path',
  });

const EXTENSION = { srt: '.srt', vtt: '.vtt' } as const;

/** `name` with the format's extension (added when missing, kept when it is already there). */
function withExtension(name: string, format: 'srt' | 'vtt'): string {
  return name.toLowerCase().endsWith(EXTENSION[format]) ? name : `${name}${EXTENSION[format]}`;
}

/**
 * Where a write may go: an existing allowed file, a new file in an allowed folder, or a name in
 * the project folder (created when missing). Null when the renderer named a place it may not use.
 */
async function writeTarget(
  request: { path?: string; name?: string; format: 'srt' | 'vtt' },
  deps: SubtitleHandlerDeps,
): Promise<string | null> {
  if (request.name !== undefined) {
    const folder = deps.projectFolder();
    await fs.mkdir(folder, { recursive: true });
    const real = await deps.files.allowRead(folder);
    return real ? path.join(real, withExtension(request.name, request.format)) : null;
  }
  const requested = request.path ?? '';
  if (!path.isAbsolute(requested)) return null;
  const existing = await deps.files.allowRead(requested);
  if (existing) return existing;
  const folder = await deps.files.allowRead(path.dirname(requested));
  return folder ? path.join(folder, withExtension(path.basename(requested), request.format)) : null;
}

/** The Subtitles domain's handlers: read and write subtitle files through the shared reader. */
export function subtitleHandlers(
  deps: SubtitleHandlerDeps,
): DomainHandlers<typeof subtitlesChannels> {
  return {
    'subtitles:read': async ({ path: requested, language, encoding }) => {
      const real = await deps.files.allowRead(requested);
      if (!real) return outside();
      if (!(await fs.stat(real)).isFile())
        return fail('not_a_file', 'That is a folder. Choose an .srt or .vtt file.', {
          field: 'path',
        });
      const read = await readSubtitleFile(real, {
        ...(language ? { language } : {}),
        ...(encoding ? { encoding } : {}),
      });
      if (!read.ok) {
        const { code, message, line } = read.error;
        return fail(code, message, { field: 'path', ...(line !== undefined ? { line } : {}) });
      }
      return ok(read.value);
    },
    'subtitles:write': async (request) => {
      const target = await writeTarget(request, deps);
      if (!target) return outside();
      const stat = await fs.stat(target).catch(() => null);
      if (stat?.isDirectory())
        return fail('not_a_file', 'That is a folder. Give a file name ending in .srt or .vtt.', {
          field: 'path',
        });
      const written = await writeSubtitleFile(
        target,
        request.cues,
        request.format,
        request.vtt ?? null,
      );
      if (!written.ok) {
        return 'cueId' in written && written.cueId
          ? fail('cannot_write', written.message, { field: 'cues' })
          : fail('write_failed', written.message, { retryable: true });
      }
      // The app wrote it: the user may open it from here on.
      await deps.files.rememberWritten(target);
      return ok({ path: target });
    },
  };
}
