import { promises as fs } from 'node:fs';
import path from 'node:path';

export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.mkv', '.webm', '.avi'] as const;
export const SCRIPT_EXTENSIONS = ['.srt', '.vtt'] as const;

export interface ExpandedPaths {
  videos: string[];
  scripts: string[];
  skipped: { path: string; reason: string }[];
}

export interface ExpandOptions {
  /** The real path of a file or folder the app may read, or null (FileAccess.allowRead). */
  allowRead(requested: string): Promise<string | null>;
  /** Stop descending after this many entries (a dropped home folder must not hang the app). */
  maxEntries?: number;
}

const kindOf = (file: string): 'video' | 'script' | null => {
  const ext = path.extname(file).toLowerCase();
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  if ((SCRIPT_EXTENSIONS as readonly string[]).includes(ext)) return 'script';
  return null;
};

/**
 * Sorts dropped paths into videos and scripts. Folders are walked depth-first in name order;
 * each folder is entered once by its real path, so a symlink back up the tree ends instead of
 * looping, and a file reached twice (dropped twice, or through a link) is listed once. Hidden
 * entries (dot files) inside folders are passed over silently, as a file manager hides them.
 */
export async function expandPaths(
  requested: readonly string[],
  options: ExpandOptions,
): Promise<ExpandedPaths> {
  const out: ExpandedPaths = { videos: [], scripts: [], skipped: [] };
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();
  let budget = options.maxEntries ?? 20_000;

  async function visit(shown: string, topLevel: boolean): Promise<void> {
    if (budget-- <= 0) {
      out.skipped.push({ path: shown, reason: 'Too many files in the drop; add fewer folders.' });
      return;
    }
    const real = topLevel
      ? await options.allowRead(shown)
      : await fs.realpath(shown).catch(() => null);
    if (!real) {
      out.skipped.push({
        path: shown,
        reason: topLevel
          ? 'The app may not read this path; drop it again or use Add….'
          : 'It could not be read (a broken link, or no permission).',
      });
      return;
    }
    const stat = await fs.stat(real).catch(() => null);
    if (!stat) {
      out.skipped.push({ path: shown, reason: 'It could not be read (moved or no permission).' });
      return;
    }
    if (stat.isDirectory()) {
      if (seenFolders.has(real)) {
        if (topLevel) out.skipped.push({ path: shown, reason: 'This folder was already added.' });
        else
          out.skipped.push({
            path: shown,
            reason: 'A link back to a folder already added (loop).',
          });
        return;
      }
      seenFolders.add(real);
      const names = (await fs.readdir(real).catch(() => [] as string[])).sort();
      for (const name of names) {
        if (name.startsWith('.')) continue;
        await visit(path.join(real, name), false);
      }
      return;
    }
    const kind = kindOf(real);
    if (!stat.isFile() || !kind) {
      out.skipped.push({
        path: shown,
        reason: `Not a video (${VIDEO_EXTENSIONS.join(', ')}) or a script (.srt, .vtt).`,
      });
      return;
    }
    if (seenFiles.has(real)) {
      out.skipped.push({ path: shown, reason: 'Already added (the same file twice).' });
      return;
    }
    seenFiles.add(real);
    (kind === 'video' ? out.videos : out.scripts).push(real);
  }

  for (const entry of requested) await visit(entry, true);
  return out;
}
