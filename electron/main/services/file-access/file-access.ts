import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { projectFolderProblem, type ProjectFolderContext } from './project-folder';

export interface FileAccessOptions extends ProjectFolderContext {
  /** The project folder from settings; it changes only through main's folder chooser. */
  projectFolder: () => string;
  /**
   * Folders only main writes into on the user's behalf, whose files count as picked: browser
   * mode's uploads folder (the host stores the files the page picked or dropped there).
   */
  pickedFolders?: readonly string[];
  /** Files the app wrote that it tracks elsewhere (job results), read at each check. */
  writtenFiles?: () => Iterable<string>;
  /** Files that stay off limits wherever they are (the key files). */
  deniedFiles?: () => readonly string[];
}

/**
 * Main's own list of the files the renderer may name (media:url, media:probe, files:*, job
 * inputs). Nothing the renderer sends can widen it: it holds the files the user picked or
 * dropped in this session, the files the app wrote, and the project folder, which changes only
 * through main's folder chooser. Opening a file with the system's default app is narrower
 * still: only files the app wrote or the user picked, never any file that happens to sit in
 * the project folder. Paths are resolved and symlinks followed before any check, so `..`
 * segments and links cannot lead outside.
 */
export class FileAccess {
  private readonly picked = new Set<string>();
  private readonly written = new Set<string>();

  constructor(private readonly options: FileAccessOptions) {}

  /** Records files the user chose in main's picker; answers their real paths. */
  async rememberPicked(paths: readonly string[]): Promise<string[]> {
    const reals: string[] = [];
    for (const p of paths) {
      const real = await realFile(p);
      if (real) {
        this.picked.add(real);
        reals.push(real);
      }
    }
    return reals;
  }

  /** Records a file dropped on the window (its path read by the preload): an existing regular file. */
  async registerDropped(requested: string): Promise<Result<{ path: string }>> {
    const real = path.isAbsolute(requested) ? await realFile(requested) : null;
    if (!real || (await this.isDenied(real))) {
      return fail('path_not_allowed', 'Only files can be dropped here; drop a media file.', {
        field: 'path',
      });
    }
    this.picked.add(real);
    return ok({ path: real });
  }

  /** Records a file the app wrote (an export, a saved copy) so the user can open it. */
  async rememberWritten(filePath: string): Promise<void> {
    const real = await realpathOrNull(filePath);
    if (real) this.written.add(real);
  }

  /** The real path of a file the renderer may read, or null when it is outside or missing. */
  async allowRead(requested: string): Promise<string | null> {
    const real = await this.resolve(requested);
    if (!real) return null;
    if ((await this.isChosenOrWritten(real)) || (await this.inPickedFolder(real))) return real;
    const project = await this.projectRoot();
    return project && isInside(project, real) ? real : null;
  }

  /** The real path of a file the system may open with its default app, or null. */
  async allowOpen(requested: string): Promise<string | null> {
    const real = await this.resolve(requested);
    if (!real) return null;
    if ((await this.isChosenOrWritten(real)) || (await this.inPickedFolder(real))) return real;
    return null;
  }

  private async resolve(requested: string): Promise<string | null> {
    if (typeof requested !== 'string' || requested.length === 0 || requested.includes('\0'))
      return null;
    if (!path.isAbsolute(requested)) return null;
    const real = await realpathOrNull(path.resolve(requested));
    if (!real || (await this.isDenied(real))) return null;
    return real;
  }

  private async isChosenOrWritten(real: string): Promise<boolean> {
    if (this.picked.has(real) || this.written.has(real)) return true;
    for (const file of this.options.writtenFiles?.() ?? []) {
      if (real === ((await realpathOrNull(file)) ?? path.resolve(file))) return true;
    }
    return false;
  }

  private async inPickedFolder(real: string): Promise<boolean> {
    for (const folder of this.options.pickedFolders ?? []) {
      const realFolder = await realpathOrNull(folder);
      if (realFolder && real !== realFolder && isInside(realFolder, real)) return true;
    }
    return false;
  }

  /** The project folder's real path; none while the stored one breaks the folder rule. */
  private async projectRoot(): Promise<string | null> {
    const folder = this.options.projectFolder();
    if (projectFolderProblem(folder, this.options)) return null;
    const real = await realpathOrNull(folder);
    return real && !projectFolderProblem(real, this.options) ? real : null;
  }

  private async isDenied(real: string): Promise<boolean> {
    for (const secret of this.options.deniedFiles?.() ?? []) {
      if (real === ((await realpathOrNull(secret)) ?? path.resolve(secret))) return true;
    }
    return false;
  }
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function realpathOrNull(p: string): Promise<string | null> {
  try {
    return await fs.realpath(p);
  } catch {
    return null;
  }
}

/** The real path of an existing regular file (not a folder, device or socket), or null. */
async function realFile(p: string): Promise<string | null> {
  const real = await realpathOrNull(p);
  if (!real) return null;
  try {
    return (await fs.stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}
