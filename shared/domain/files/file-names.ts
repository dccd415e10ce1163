/**
 * Pure path helpers for pairing and naming files (shared/ cannot use node:path, and the batch may
 * hold Windows paths): both separators are accepted.
 */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/** The name of the folder that holds `path` ('' at the root). */
export function parentFolderName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length >= 2 ? (parts[parts.length - 2] ?? '') : '';
}

/** File name without its last extension: `clip.es.srt` -> `clip.es`. */
export function stemOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Stems compare without case and treat spaces, dots, dashes and underscores alike. */
export function sameStem(a: string, b: string): boolean {
  const fold = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s._-]+/g, ' ')
      .trim();
  return fold(a) === fold(b);
}
