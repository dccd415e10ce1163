import * as player from '../../editor/media/player';
import { revealRow } from './CueTable';
import { rowCue, tableRows } from './cue-focus';
import { useSubsView } from './subs-store';

/**
 * Many cues at once (docs/subtitles.md, "Selection"): Ctrl-click (Cmd on macOS) adds or removes
 * a row, Shift-click and Shift+arrows take the range from the anchor, a plain click picks one.
 * Shift, delete, fix and merge act on the selection; with one row or none, on the current cue.
 */
export function clickRow(
  id: string,
  modifiers: { shift: boolean; toggle: boolean; language?: string },
): void {
  const view = useSubsView.getState();
  if (modifiers.language) view.set({ language: modifiers.language });
  if (modifiers.shift) {
    selectRange(view.anchor ?? view.cueId ?? id, id);
    return;
  }
  if (modifiers.toggle) {
    const current = new Set(
      view.selection.length > 0 ? view.selection : [view.anchor ?? view.cueId ?? id],
    );
    const removing = current.has(id) && current.size > 1;
    if (removing) current.delete(id);
    else current.add(id);
    const cueId = removing ? [...current][0]! : id;
    view.set({ selection: [...current], anchor: id, cueId });
    return;
  }
  view.set({ selection: [], anchor: id, cueId: id });
}

/** Selects every row from `from` to `to` (table order) and makes `to` current. */
function selectRange(from: string, to: string): void {
  const rows = tableRows();
  const a = rows.findIndex((row) => row.id === from);
  const b = rows.findIndex((row) => row.id === to);
  if (a < 0 || b < 0) return;
  const [low, high] = a <= b ? [a, b] : [b, a];
  useSubsView.getState().set({
    selection: rows.slice(low, high + 1).map((row) => row.id),
    anchor: from,
    cueId: to,
  });
}

/** Shift+↑/↓: grows or shrinks the range by one row from the anchor. */
export function extendSelection(direction: 1 | -1): void {
  const view = useSubsView.getState();
  const rows = tableRows();
  const index = rows.findIndex((row) => row.id === view.cueId);
  const target = rows[Math.min(rows.length - 1, Math.max(0, index + direction))];
  if (!target) return;
  selectRange(view.anchor ?? view.cueId ?? target.id, target.id);
  revealRow(rows.indexOf(target));
  const cue = rowCue(target.id);
  if (cue) player.seek(cue.startMs);
}

/** The cues an action applies to, in table order: the selection, else the current cue. */
export function actionIds(): string[] {
  const { selection, cueId } = useSubsView.getState();
  if (selection.length > 0) {
    const chosen = new Set(selection);
    return tableRows()
      .filter((row) => chosen.has(row.id))
      .map((row) => row.id);
  }
  return cueId ? [cueId] : [];
}
