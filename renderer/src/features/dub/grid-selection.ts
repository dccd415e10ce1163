import type { DubBatchPlan } from '../../../../shared/domain/dub';
import { cellKey, type GridCursor } from './batch-store';

/** The rectangle between the cursor and its anchor. */
export function selectionBounds(cursor: GridCursor) {
  return {
    top: Math.min(cursor.row, cursor.anchor.row),
    bottom: Math.max(cursor.row, cursor.anchor.row),
    left: Math.min(cursor.col, cursor.anchor.col),
    right: Math.max(cursor.col, cursor.anchor.col),
  };
}

export function inSelection(cursor: GridCursor, row: number, col: number): boolean {
  const b = selectionBounds(cursor);
  return row >= b.top && row <= b.bottom && col >= b.left && col <= b.right;
}

/** Keys (`video\u0000lang`) of the selected cells. */
export function selectedKeys(plan: DubBatchPlan, cursor: GridCursor): string[] {
  const b = selectionBounds(cursor);
  const keys: string[] = [];
  for (const row of plan.rows.slice(b.top, b.bottom + 1))
    for (const cell of row.cells.slice(b.left, b.right + 1))
      keys.push(cellKey(cell.video, cell.language));
  return keys;
}

/** Videos of the selected rows. */
export function selectedVideos(plan: DubBatchPlan, cursor: GridCursor): string[] {
  const b = selectionBounds(cursor);
  return plan.rows.slice(b.top, b.bottom + 1).map((row) => row.video);
}

/**
 * The row the cursor moves to once `removed` rows are gone: the first remaining row at or after
 * the selection's top (the next one down), else the last one; -1 when no row is left. The
 * removed rows' cells unmount, so without this focus would fall to the page's body.
 */
export function rowAfterRemoval(
  videos: readonly string[],
  removed: ReadonlySet<string>,
  top: number,
): number {
  const remaining = videos.length - videos.filter((video) => removed.has(video)).length;
  if (remaining === 0) return -1;
  const removedAbove = videos.slice(0, top).filter((video) => removed.has(video)).length;
  return Math.min(top - removedAbove, remaining - 1);
}
