import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Which local files the renderer may name (media:url, media:probe, files:*, job inputs): files
 * inside the app's folders (project folder, user data folder, browser-mode uploads), plus files
 * the user picked with the native picker. Paths are resolved and symlinks followed before the
 * prefix check, so `..` segments and links cannot lead outside.
 */
export class PathGuard {
  private readonly picked = new Set<string>();

  constructor(
    private readonly roots: () => readonly string[],
    /** Files that stay off limits even inside a root (key files in the user data folder). */
    private readonly denied: () => readonly string[] = () => [],
  ) {}

  /** Remembers files the user chose in a picker (their real paths). */
  async rememberPicked(paths: readonly string[]): Promise<void> {
    for (const p of paths) {
      const real = await realpathOrNull(p);
      if (real) this.picked.add(real);
    }
  }

  /** The real path of an allowed, existing file or folder; null when it is outside or missing. */
  async allow(requested: string): Promise<string | null> {
    if (typeof requested !== 'string' || requested.length === 0 || requested.includes('\0'))
      return null;
    if (!path.isAbsolute(requested)) return null;
    const real = await realpathOrNull(path.resolve(requested));
    if (!real) return null;
    for (const secret of this.denied()) {
      if (real === ((await realpathOrNull(secret)) ?? path.resolve(secret))) return null;
    }
    if (this.picked.has(real)) return real;
    for (const root of this.roots()) {
      const realRoot = (await realpathOrNull(root)) ?? path.resolve(root);
      if (isInside(realRoot, real)) return real;
    }
    return null;
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
