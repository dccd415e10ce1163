import { findPattern, type FindQuery } from './find-replace';

/** One cell of the table in reading order: a cue's text in one shown language. */
export interface FindCell {
  language: string;
  cueId: string;
  text: string;
}

/** One match, where it is in the table (`cell` indexes the cells) and in the text. */
export interface FindMatch {
  cell: number;
  language: string;
  cueId: string;
  start: number;
  end: number;
}

/** Where the search stands: just after this point, the next match is looked for. */
export interface FindCursor {
  cell: number;
  offset: number;
}

/** Every match, in table order (row by row, left column first), or why the query is invalid. */
export function findMatches(
  cells: readonly FindCell[],
  query: FindQuery,
): FindMatch[] | { error: string } {
  const compiled = findPattern(query);
  if (!compiled.ok) return { error: compiled.message };
  const { pattern } = compiled;
  const matches: FindMatch[] = [];
  cells.forEach((cell, index) => {
    for (const found of cell.text.matchAll(pattern))
      matches.push({
        cell: index,
        language: cell.language,
        cueId: cell.cueId,
        start: found.index,
        end: found.index + found[0].length,
      });
  });
  return matches;
}

const before = (match: FindMatch, cursor: FindCursor) =>
  match.cell < cursor.cell || (match.cell === cursor.cell && match.start < cursor.offset);

/**
 * The match to go to from `cursor`: the first at or after it going forward, the last before it
 * going back; the search wraps around the end. -1 when there are no matches.
 */
export function stepMatch(
  matches: readonly FindMatch[],
  cursor: FindCursor | null,
  direction: 1 | -1,
): number {
  if (matches.length === 0) return -1;
  if (!cursor) return direction === 1 ? 0 : matches.length - 1;
  if (direction === 1) {
    const index = matches.findIndex((match) => !before(match, cursor));
    return index < 0 ? 0 : index;
  }
  for (let index = matches.length - 1; index >= 0; index--)
    if (before(matches[index]!, cursor)) return index;
  return matches.length - 1;
}

/**
 * `text` with only `match` replaced (a regex replacement may use $1 and the like), and where the
 * replacement ends, so the next search starts after it and never finds its own output.
 */
export function replaceOne(
  text: string,
  match: Pick<FindMatch, 'start' | 'end'>,
  query: FindQuery,
): { text: string; end: number } | { error: string } {
  const compiled = findPattern(query);
  if (!compiled.ok) return { error: compiled.message };
  // Sticky: matches exactly at `start`, with the lookarounds still seeing the whole text.
  const sticky = new RegExp(compiled.pattern.source, compiled.pattern.flags.replace('g', '') + 'y');
  sticky.lastIndex = match.start;
  const found = sticky.exec(text);
  if (!found || found.index !== match.start) return { error: 'The text changed; search again.' };
  const replaced = query.regex
    ? found[0].replace(new RegExp(sticky.source, sticky.flags.replace('y', '')), query.replace)
    : query.replace;
  return {
    text: text.slice(0, match.start) + replaced + text.slice(found.index + found[0].length),
    end: match.start + replaced.length,
  };
}
