import { useMemo, useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { setCueText } from '../../../../shared/domain/subtitles/edits';
import {
  findMatches,
  replaceOne,
  stepMatch,
  type FindCell,
  type FindCursor,
  type FindMatch,
} from '../../../../shared/domain/subtitles/find-matches';
import type { FindQuery } from '../../../../shared/domain/subtitles/find-replace';
import { revealRow } from './CueTable';
import { editLanguage, subsPart, useSubsView } from './subs-store';
import { tableRowsOf } from './table-rows';

/** The shown languages' cells in table order: one-by-one search walks what the table shows. */
function tableCells(part: SubtitlesPart): { cells: FindCell[]; rowOf: number[] } {
  const cells: FindCell[] = [];
  const rowOf: number[] = [];
  tableRowsOf(part).forEach((row, index) => {
    for (const language of part.shown) {
      const cue = row.cues[language];
      if (!cue) continue;
      cells.push({ language, cueId: cue.id, text: cue.text });
      rowOf.push(index);
    }
  });
  return { cells, rowOf };
}

/** Makes a match current in the table: its row selected and scrolled to, the text selected. */
function showMatch(match: FindMatch, row: number) {
  useSubsView.getState().set({ cueId: match.cueId, language: match.language });
  revealRow(row);
  requestAnimationFrame(() => {
    const cell = document.querySelector<HTMLTextAreaElement>(
      `[data-testid="cue-text"][data-cue-id="${CSS.escape(match.cueId)}"][data-lang="${CSS.escape(match.language)}"]`,
    );
    cell?.setSelectionRange(match.start, match.end);
  });
}

/**
 * Find one by one: the matches in the shown columns, the current one, next / previous (wrapping)
 * and replace-this-then-next. A replace is one undo step.
 */
export function useFindCursor(part: SubtitlesPart, query: FindQuery) {
  const [cursor, setCursor] = useState<FindCursor | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const table = useMemo(() => tableCells(part), [part]);
  const found = useMemo(() => (query.find ? findMatches(table.cells, query) : []), [table, query]);
  const matches = 'error' in found ? [] : found;
  const currentIndex = cursor
    ? matches.findIndex((m) => m.cell === cursor.cell && m.start === cursor.offset)
    : -1;

  const go = (direction: 1 | -1) => {
    // From the current match, forward means past it; a cursor whose match is gone is a place.
    const start =
      cursor && direction === 1 && currentIndex >= 0
        ? { cell: cursor.cell, offset: cursor.offset + 1 }
        : cursor;
    const index = stepMatch(matches, start, direction);
    const match = matches[index];
    if (!match) return;
    setMessage(null);
    setCursor({ cell: match.cell, offset: match.start });
    showMatch(match, table.rowOf[match.cell] ?? 0);
  };

  const replaceCurrent = () => {
    const match = matches[currentIndex];
    if (!match) return go(1);
    const cue = subsPart().languages[match.language]?.find((c) => c.id === match.cueId);
    if (!cue) return;
    const result = replaceOne(cue.text, match, query);
    if ('error' in result) return setMessage(result.error);
    editLanguage(`Replace “${query.find}”`, match.language, (cues) =>
      setCueText(cues, cue.id, result.text),
    );
    // The next match is looked for after the replacement, once the table has the new text.
    const after = { cell: match.cell, offset: result.end };
    const nextCells = tableCells(subsPart()).cells;
    const nextFound = findMatches(nextCells, query);
    const next = 'error' in nextFound ? [] : nextFound;
    const nextMatch = next[stepMatch(next, after, 1)];
    if (!nextMatch) {
      setCursor(null);
      return;
    }
    setCursor({ cell: nextMatch.cell, offset: nextMatch.start });
    showMatch(nextMatch, tableCells(subsPart()).rowOf[nextMatch.cell] ?? 0);
  };

  return {
    error: 'error' in found ? found.error : null,
    matches,
    current: matches[currentIndex] ?? null,
    currentIndex,
    message,
    next: () => go(1),
    previous: () => go(-1),
    replaceCurrent,
  };
}
