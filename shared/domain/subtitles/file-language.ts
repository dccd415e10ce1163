import { LANGUAGE_CODES, type LanguageCode } from '../../api/languages';
import { parentFolderName, stemOf } from '../files/file-names';

/**
 * The one rule for which language a subtitle file's name says, used by Subtitles when it labels
 * an imported file and by Dub when it pairs a script with a video and a language column.
 */

/** `pt-BR`, `PT_br`, `es-419` -> the API's code (`pt_br`, `es_419`), or null. */
export function languageFromToken(token: string): LanguageCode | null {
  const normalised = token.trim().toLowerCase().replace(/-/g, '_');
  return (LANGUAGE_CODES as readonly string[]).includes(normalised)
    ? (normalised as LanguageCode)
    : null;
}

/** Codes longest first, so `clip_pt_br` reads as pt_br rather than a stem `clip_pt` + `br`. */
const CODES_LONGEST_FIRST = [...LANGUAGE_CODES].sort((a, b) => b.length - a.length);

export interface NamedSubtitleFile {
  /** The video stem the script names (`clip` for `clip.es.srt`); null when only a folder says. */
  stem: string;
  language: LanguageCode | null;
  /** How the language was read, for the "why paired" line in the UI. */
  via: 'suffix' | 'folder' | 'none';
}

/**
 * Reads a subtitle file's name the ways people name them: `clip.es.srt`, `clip_es.vtt`, `clip-pt-BR.srt`
 * (a language suffix after `.`, `_` or `-`), or `es/clip.srt` (the folder is the language).
 */
export function readSubtitleFileName(path: string): NamedSubtitleFile {
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
