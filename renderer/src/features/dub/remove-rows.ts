import { rowRemovalRefusal, type DubBatchPlan } from '../../../../shared/domain/dub';
import { useDubBatch } from './batch-store';
import { focusGridCell } from './grid-focus';
import { rowAfterRemoval, selectedVideos, selectionBounds } from './grid-selection';

/**
 * Delete in the grid: removes the selected rows not yet sent, as the Remove button does. A
 * sent row stays and says why in the same place as the button's refusal (a key that did
 * nothing silently looked broken). Focus stays in the grid, on the nearest remaining row.
 */
export function removeSelectedRows(plan: DubBatchPlan): void {
  const store = useDubBatch.getState();
  const { cursor, runs } = store;
  const rows = selectedVideos(plan, cursor).flatMap((video) => {
    const row = plan.rows.find((r) => r.video === video);
    return row ? [row] : [];
  });
  const refused = rows.map((row) => rowRemovalRefusal(row, runs)).find((why) => why !== null);
  const removable = rows.filter((row) => rowRemovalRefusal(row, runs) === null);
  store.setRowRefusal(refused ?? null);
  if (removable.length === 0) return;
  const removed = new Set(removable.map((row) => row.video));
  const next = rowAfterRemoval(
    plan.rows.map((row) => row.video),
    removed,
    selectionBounds(cursor).top,
  );
  // Their scripts go with them, as with the Remove button (else they would be left unpaired).
  const scripts = removable.flatMap((row) =>
    row.cells.flatMap((c) => (c.script ? [c.script] : [])),
  );
  store.removeVideos([...removed], scripts);
  if (next < 0) return;
  store.setCursor(next, cursor.col);
  // The removed cells unmounted with focus on one of them: put it on the cursor's cell once
  // the grid has drawn the remaining rows.
  requestAnimationFrame(() => focusGridCell());
}
