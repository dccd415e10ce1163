import { LANGUAGE_CODES, type LanguageCode } from '../../api/languages';

/**
 * Pure path helpers for pairing files by name (shared/ cannot use node:path, and the batch may
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

/** `pt-BR`, `PT_br`, `es-419` -> the API's code (`pt_br`, `es_419`), or null. */
export function languageFromToken(token: string): LanguageCode | null {
  const normalised = token.trim().toLowerCase().replace(/-/g, '_');
  return (LANGUAGE_CODES as readonly string[]).includes(normalised)
    ? (normalised as LanguageCode)
    : null;
}

/** Codes longest first, so `clip_pt_br` reads as pt_br rather than a stem `clip_pt` + `br`. */
const CODES_LONGEST_FIRST = [...LANGUAGE_CODES].sort((a, b) => b.length - a.length);

export interface NamedScript {
  /** The video stem the script names (`clip` for `clip.es.srt`); null when only a folder says. */
  stem: string;
  language: LanguageCode | null;
  /** How the language was read, for the "why paired" line in the UI. */
  via: 'suffix' | 'folder' | 'none';
}

/**
 * Reads a script's name the ways people name them: `clip.es.srt`, `clip_es.vtt`, `clip-pt-BR.srt`
 * (a language suffix after `.`, `_` or `-`), or `es/clip.srt` (the folder is the language).
 */
export function readScriptName(path: string): NamedScript {
  const stem = stemOf(path);
  const lower = stem.toLowerCase();
  for (const code of CODES_LONGEST_FIRST) {
    for (const variant of new Set([code, code.replace(/_/g, '-')])) {
      for (const separator of ['.', '_', '-']) {
        const suffix = `${separator}${variant}`;
        if (lower.endsWith(suffix) && lower.length > suffix.length) {
          return {
            stem: stem.slice(0, stem.length - suffix.length),
            language: code,
            via: 'suffix',
          };
        }
      }
    }
  }
  const folderLanguage = languageFromToken(parentFolderName(path));
  if (folderLanguage) return { stem, language: folderLanguage, via: 'folder' };
  return { stem, language: null, via: 'none' };
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
