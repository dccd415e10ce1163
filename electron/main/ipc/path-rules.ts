import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { requestChannels, type RequestChannel } from '../../../shared/ipc/contract';
import { selectPaths, type PathFields, type PathRule } from '../../../shared/ipc/path-fields';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { FileAccess } from '../services/file-access/file-access';

type Access = Pick<FileAccess, 'allowRead' | 'allowOpen'>;

/** The paths a channel declares in the contract (none for most channels). */
export function declaredPaths(channel: RequestChannel): PathFields {
  return (requestChannels[channel] as { paths?: PathFields }).paths ?? {};
}

/**
 * Applies the contract's path rules to a parsed request before its handler sees it: every path
 * the channel declares is resolved (symlinks and `..` followed) and checked by FileAccess, then
 * replaced by its real path. One refused path refuses the whole request, so nothing is uploaded,
 * charged, copied or created on behalf of a path main did not allow.
 */
export async function applyPathRules(
  channel: RequestChannel,
  request: unknown,
  files: Access,
): Promise<Result<unknown>> {
  const declared = Object.entries(declaredPaths(channel));
  if (declared.length === 0) return ok(request);
  const checked = structuredClone(request);
  for (const [selector, rule] of declared) {
    for (const found of selectPaths(checked, selector)) {
      const verdict = await checkPath(rule, found.value, files);
      if (!verdict.ok) return fail('path_not_allowed', verdict.message, { field: found.field });
      found.set(verdict.path);
    }
  }
  return ok(checked);
}

type Verdict = { ok: true; path: string } | { ok: false; message: string };

const OUTSIDE =
  'That file is outside the folders the app may use. Pick it again or move it into the project folder.';

async function checkPath(rule: PathRule, requested: string, files: Access): Promise<Verdict> {
  const allowed = (real: string | null): Verdict =>
    real ? { ok: true, path: real } : { ok: false, message: OUTSIDE };
  if (rule === 'project-folder') return { ok: true, path: requested };
  if (rule === 'read') return allowed(await files.allowRead(requested));
  if (rule === 'open') return allowed(await files.allowOpen(requested));
  if (rule === 'read-or-url')
    return /^https?:\/\//i.test(requested)
      ? { ok: true, path: requested }
      : allowed(await files.allowRead(requested));
  if (!path.isAbsolute(requested)) return { ok: false, message: 'Give the full path.' };
  if (rule === 'executable') return executable(requested);
  if (rule === 'folder') return writableFolder(requested, files);
  return creatable(requested, rule.create, files);
}

async function writableFolder(requested: string, files: Access): Promise<Verdict> {
  const existing = await kindOf(requested);
  if (existing === 'file') return { ok: false, message: 'That is a file; choose a folder.' };
  if (existing === 'folder') {
    const real = await files.allowRead(requested);
    return real ? { ok: true, path: real } : { ok: false, message: OUTSIDE };
  }
  const parent = await files.allowRead(path.dirname(requested));
  return parent
    ? { ok: true, path: path.join(parent, path.basename(requested)) }
    : { ok: false, message: OUTSIDE };
}

/** A file main writes: never over a file of another type, never outside the allowed folders. */
async function creatable(
  requested: string,
  extensions: readonly string[],
  files: Access,
): Promise<Verdict> {
  const existing = await kindOf(requested);
  if (existing === 'folder') return { ok: false, message: 'That is a folder; give a file name.' };
  if (existing === 'file') {
    const extension = path.extname(requested).toLowerCase();
    if (!extensions.includes(extension))
      return {
        ok: false,
        message: `That file is not a ${extensions.join(' or ')} file, so it is not replaced. Choose another name.`,
      };
    const real = await files.allowRead(requested);
    return real ? { ok: true, path: real } : { ok: false, message: OUTSIDE };
  }
  const folder = await files.allowRead(path.dirname(requested));
  return folder
    ? { ok: true, path: path.join(folder, path.basename(requested)) }
    : { ok: false, message: OUTSIDE };
}

async function executable(requested: string): Promise<Verdict> {
  try {
    const real = await fs.realpath(requested);
    if (!(await fs.stat(real)).isFile()) return { ok: false, message: 'That is not a file.' };
    if (process.platform !== 'win32') await fs.access(real, fsConstants.X_OK);
    return { ok: true, path: real };
  } catch {
    return { ok: false, message: 'There is no program there that this user may run.' };
  }
}

async function kindOf(target: string): Promise<'file' | 'folder' | 'other' | null> {
  try {
    const stat = await fs.stat(target);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other';
  } catch {
    return null;
  }
}
