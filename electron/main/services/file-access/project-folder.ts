import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../../../shared/ipc/result';

/** What a project folder is checked against besides the file system. */
export interface ProjectFolderContext {
  homeDir: string;
  /** The app's own data folder (settings, key files, ledger): never inside the project folder. */
  userDataDir: string;
  /** Where the app itself is installed (or the repository in browser mode), when known. */
  appDir?: string;
}

/** Folders that hold every user's home (another user's folder is never a project folder). */
const HOMES_ROOTS = ['/home', '/Users'];

/** System folders that may not be, or contain, a project folder. */
const SYSTEM_TREES = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/run',
  '/sbin',
  '/snap',
  '/sys',
  '/usr',
  '/System',
  '/Library',
  '/private/etc',
];
/** Folders that may hold a project folder but not be one (shared by every user or the system). */
const SHARED_FOLDERS = [
  '/var',
  '/opt',
  '/srv',
  '/mnt',
  '/media',
  '/tmp',
  '/home',
  '/root',
  '/Users',
  '/Applications',
  '/Volumes',
  '/private',
  '/private/tmp',
  '/private/var',
];

function isInsideOrEqual(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The rule on the path alone (no disk access): why `folder` may not be the project folder, or
 * null. The project folder is an allowed root for the renderer's file requests, so it must not
 * be a file system root, the home folder itself, a system folder, or a folder that contains
 * the app's data (key files, settings).
 */
export function projectFolderProblem(folder: string, context: ProjectFolderContext): string | null {
  if (!path.isAbsolute(folder)) return 'The project folder must be a full (absolute) path.';
  const resolved = path.resolve(folder);
  if (path.parse(resolved).root === resolved)
    return 'The top of the disk cannot be the project folder; choose a folder inside it.';
  const home = path.resolve(context.homeDir);
  if (resolved === home)
    return 'Your home folder itself cannot be the project folder; choose a folder inside it, such as ~/Soundstage.';
  if (isInsideOrEqual(resolved, home))
    return 'A folder that contains your home folder cannot be the project folder.';
  const data = path.resolve(context.userDataDir);
  if (isInsideOrEqual(resolved, data) || isInsideOrEqual(data, resolved))
    return "The project folder cannot be, contain or sit inside the app's own data folder.";
  if (context.appDir) {
    const app = path.resolve(context.appDir);
    if (isInsideOrEqual(resolved, app) || isInsideOrEqual(app, resolved))
      return 'The folder where Soundstage is installed cannot be the project folder.';
  }
  if (isInsideOrEqual(home, resolved)) {
    // ~/.ssh, ~/.config, ~/.local…: other programs' settings and keys.
    const first = path.relative(home, resolved).split(path.sep)[0] ?? '';
    if (first.startsWith('.'))
      return 'Hidden folders in your home folder hold other programs’ settings and keys; choose a visible folder such as ~/Soundstage.';
  } else {
    // Outside this user's home but under the folder of every user's home: someone else's.
    const posixPath = resolved.split(path.sep).join('/');
    if (HOMES_ROOTS.some((root) => posixPath.startsWith(`${root}/`)))
      return 'That folder belongs to another user; choose one in your own home folder.';
  }
  const posix = resolved.split(path.sep).join('/');
  if (SYSTEM_TREES.some((tree) => posix === tree || posix.startsWith(`${tree}/`)))
    return 'System folders cannot be the project folder; choose one in your home folder.';
  if (SHARED_FOLDERS.includes(posix))
    return 'That folder is shared by the whole system; choose a folder inside it instead.';
  if (/^[a-z]:\\(windows|program files( \(x86\))?)(\\|$)/i.test(resolved))
    return 'System folders cannot be the project folder; choose one in your home folder.';
  return null;
}

/**
 * Where `folder` really is once links are followed, even when its last parts do not exist yet:
 * the real path of the nearest existing ancestor joined with the missing parts.
 */
async function realTarget(folder: string): Promise<string> {
  const missing: string[] = [];
  let current = path.resolve(folder);
  for (;;) {
    try {
      return path.join(await fs.realpath(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(folder);
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Checks a folder the user chose (native picker, or a path typed in browser mode) and creates
 * it: answers its real path, or a problem that says what to choose instead. The rule is checked
 * on the real path before anything is created or its permissions are tested, so a link cannot
 * point the project folder at a system folder, nothing is created there, and the refusal says
 * "system folder" whether or not this user could write there.
 */
export async function prepareProjectFolder(
  input: string,
  context: ProjectFolderContext,
): Promise<Result<string>> {
  const field = { field: 'projectFolder' };
  const trimmed = input.trim();
  const problem = projectFolderProblem(trimmed, context);
  if (problem) return fail('invalid_setting', problem, field);
  const existing = await fs.stat(trimmed).catch(() => null);
  if (existing && !existing.isDirectory())
    return fail('invalid_setting', 'That path is a file, not a folder.', field);
  const targetProblem = projectFolderProblem(await realTarget(trimmed), context);
  if (targetProblem) return fail('invalid_setting', targetProblem, field);
  try {
    await fs.mkdir(trimmed, { recursive: true });
    const real = await fs.realpath(trimmed);
    // Checked again on what now exists: a link may have changed since the check above.
    const realProblem = projectFolderProblem(real, context);
    if (realProblem) return fail('invalid_setting', realProblem, field);
    await fs.access(real, constants.W_OK);
    return ok(real);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return fail(
      'invalid_setting',
      `The folder cannot be created or written (${code}); choose a folder you own, e.g. in your home folder.`,
      field,
    );
  }
}
