import path from 'node:path';

/** Project files are `<name>.soundstage`; autosaves go to a hidden journal beside each. */
export const PROJECT_EXTENSION = '.soundstage';
const JOURNAL_SUFFIX = '.autosave';

export function isProjectFile(file: string): boolean {
  return file.endsWith(PROJECT_EXTENSION) && path.basename(file).length > PROJECT_EXTENSION.length;
}

/** `<dir>/.<name>.soundstage.autosave`: hidden, and sorted beside its project in listings. */
export function journalPathOf(projectFile: string): string {
  return path.join(path.dirname(projectFile), `.${path.basename(projectFile)}${JOURNAL_SUFFIX}`);
}

/** The project file a journal belongs to, or null when `file` is not a journal. */
export function projectPathOfJournal(journalFile: string): string | null {
  const base = path.basename(journalFile);
  if (!base.startsWith('.') || !base.endsWith(`${PROJECT_EXTENSION}${JOURNAL_SUFFIX}`)) return null;
  return path.join(path.dirname(journalFile), base.slice(1, -JOURNAL_SUFFIX.length));
}

/** A file name from a project name: no folder separators, control or reserved characters. */
export function fileStemFor(name: string): string {
  const stem = [...name]
    .map((char) => (char.charCodeAt(0) < 32 ? '-' : char))
    .join('')
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return stem || 'Untitled';
}
