import {
  withVttExtras,
  type SubtitlesPart,
} from '../../../../shared/domain/project/subtitles-part';
import { addLanguage } from '../../../../shared/domain/subtitles/document';
import type { SubtitleRead } from '../../../../shared/domain/subtitles/file';
import { ENCODING_NAMES } from '../../../../shared/domain/subtitles/file';
import { SUBTITLE_EXTENSIONS, VIDEO_EXTENSIONS } from '../../../../shared/api/limits';

/** What a file read adds to the script: its language and the notes shown to the user. */
export interface ReadFile {
  path: string;
  read: SubtitleRead;
}

export const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The language a read file is in: its label, else the local guess, else `und` (unknown). */
export function languageOf(read: SubtitleRead, taken: ReadonlySet<string>): string {
  const base = read.labelledLanguage ?? read.languageGuess?.code ?? 'und';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Adds read files to the script, in order. The first language becomes the source when the
 * script has none; later ones pair with it by timing (cues that translate each other share an
 * id) or show as unpaired rows. A language already present is replaced by the new read; a new
 * read of the source keeps each translation beside it only where its timing still matches.
 */
export function addReadFiles(part: SubtitlesPart, files: readonly ReadFile[]): SubtitlesPart {
  let next = part;
  for (const { path, read } of files) {
    const language =
      read.labelledLanguage ?? languageOf(read, new Set(Object.keys(next.languages)));
    const source = next.sourceLanguage ?? language;
    // Replacing the source pairs it with the old source, so translations stay only where the
    // timing still matches (shared/domain/subtitles/document.ts).
    const document = addLanguage(next, language, read.cues, source);
    const ids = new Map(read.cues.map((cue, i) => [cue.id, document.languages[language]![i]!.id]));
    const shown = next.shown.includes(language)
      ? next.shown
      : next.shown.length < 2
        ? [...next.shown, language]
        : next.shown;
    next = withVttExtras(
      {
        ...next,
        languages: document.languages,
        sourceLanguage: source,
        shown,
        files: { ...next.files, [language]: path },
      },
      language,
      read.vtt && {
        ...read.vtt,
        cueSettings: Object.fromEntries(
          Object.entries(read.vtt.cueSettings).map(([id, settings]) => [
            ids.get(id) ?? id,
            settings,
          ]),
        ),
      },
    );
  }
  return next;
}

/** The sentences shown under the import for what the reader mended or warns about. */
export function importNotes(read: SubtitleRead): string[] {
  return [
    `Read as ${ENCODING_NAMES[read.encoding]}.`,
    ...read.repairs.map((repair) => repair.message),
    ...read.warnings.map((warning) => warning.message),
  ];
}

/** Dropped files sorted by what the workspace does with them, by their names' extensions. */
export interface SortedDrop<F extends { name: string }> {
  subtitles: F[];
  /** The first video dropped becomes the script's picture; a second one is not used. */
  video: F | undefined;
  /** Neither: named back to the user, never read as subtitles. */
  others: F[];
}

export function sortDrop<F extends { name: string }>(files: readonly F[]): SortedDrop<F> {
  const sorted: SortedDrop<F> = { subtitles: [], video: undefined, others: [] };
  const is = (list: readonly string[], name: string) =>
    list.includes(name.slice(name.lastIndexOf('.')).toLowerCase());
  for (const file of files) {
    if (is(SUBTITLE_EXTENSIONS, file.name)) sorted.subtitles.push(file);
    else if (is(VIDEO_EXTENSIONS, file.name) && !sorted.video) sorted.video = file;
    else sorted.others.push(file);
  }
  return sorted;
}
