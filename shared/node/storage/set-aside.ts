import { copyFile, rename } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

/**
 * Where a state file that could not be read is kept: `jobs.json` becomes
 * `jobs.corrupt-2026-11-25T19-04-12-345Z.json` beside it, so nothing the user paid for is lost
 * when the app starts over with what it could read.
 */
export function setAsidePath(file: string, now = new Date()): string {
  const ext = extname(file);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(dirname(file), `${basename(file, ext)}.corrupt-${stamp}${ext}`);
}

/**
 * Keeps the bytes of an unreadable state file before anything may write over it: `move` renames
 * it (nothing in it could be read), `copy` leaves it in place (part of it was read and will be
 * rewritten). Answers the copy's path, or null when the disk refused (callers then must not
 * write the file at all).
 */
export async function setAside(file: string, how: 'move' | 'copy'): Promise<string | null> {
  const target = setAsidePath(file);
  try {
    if (how === 'move') await rename(file, target);
    else await copyFile(file, target);
    return target;
  } catch {
    return null;
  }
}
