import type { Cue } from '../../../../shared/domain/subtitles/cue';
import * as player from '../../editor/media/player';
import { revealRow } from './CueTable';
import { subsPart, useSubsView } from './subs-store';
import { tableRowsOf } from './table-rows';

/** The rows in table order (what Alt+↑/↓ and F8 walk). */
export function tableRows() {
  return tableRowsOf(subsPart());
}

/** The timing of a row: its first shown language's cue. */
export function rowCue(id: string): Cue | undefined {
  const part = subsPart();
  for (const language of part.shown) {
    const cue = part.languages[language]?.find((c) => c.id === id);
    if (cue) return cue;
  }
  return undefined;
}

/**
 * Makes a cue current: selects it, seeks the video to its start, scrolls its row into view and
 * focuses its text cell in `language` (the focused language when not given) once it is drawn.
 */
export function focusCue(id: string, language?: string | null, seek = true): void {
  const view = useSubsView.getState();
  const lang = language ?? view.language ?? subsPart().shown[0] ?? null;
  view.set({ cueId: id, language: lang });
  const index = tableRows().findIndex((row) => row.id === id);
  if (index >= 0) revealRow(index);
  const cue = rowCue(id);
  if (seek && cue) player.seek(cue.startMs);
  requestAnimationFrame(() => {
    const cell = document.querySelector<HTMLTextAreaElement>(
      `[data-testid="cue-text"][data-cue-id="${CSS.escape(id)}"]${lang ? `[data-lang="${CSS.escape(lang)}"]` : ''}`,
    );
    cell?.focus({ preventScroll: true });
  });
}

/** The neighbour row of the current cue (Alt+↑/↓, Enter). */
export function stepCue(direction: 1 | -1): void {
  const rows = tableRows();
  const current = useSubsView.getState().cueId;
  const index = rows.findIndex((row) => row.id === current);
  const next = rows[index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + direction))];
  if (next) focusCue(next.id);
}
