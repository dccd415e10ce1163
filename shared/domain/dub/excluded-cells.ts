import { isLanguageCode, type LanguageCode } from '../../api/languages';

/** A cell the user left out of the run, as the project document keeps it. */
export interface ExcludedCell {
  video: string;
  language: LanguageCode;
}

/** The key a cell has in the grid and the plan (`video\u0000language`, as planDubBatch reads it). */
export const excludedKey = (video: string, language: string) => `${video}\u0000${language}`;

/**
 * The grid's left-out keys as the document's list. A key whose language is not a dubbing
 * language cannot be a cell of the batch, so it is dropped rather than failing the save.
 */
export function excludedCells(keys: Iterable<string>): ExcludedCell[] {
  const cells: ExcludedCell[] = [];
  for (const key of keys) {
    const at = key.lastIndexOf('\u0000');
    const video = key.slice(0, at);
    const language = key.slice(at + 1);
    if (at > 0 && isLanguageCode(language)) cells.push({ video, language });
  }
  return cells;
}

/** The document's list back as the grid's keys (absent = none left out). */
export function excludedKeys(cells: readonly ExcludedCell[] | undefined): Record<string, true> {
  const keys: Record<string, true> = {};
  for (const cell of cells ?? []) keys[excludedKey(cell.video, cell.language)] = true;
  return keys;
}
