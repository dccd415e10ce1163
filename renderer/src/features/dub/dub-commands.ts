import { useDubBatch } from './batch-store';
import { useCommands } from '../../editor/commands';
import type { RunnableCommand } from '../../editor/commands/registry';
import {
  batchProgress,
  failedRetry,
  pendingRequests,
  type DubBatchPlan,
  type FailedRetry,
} from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { DubQueueState } from '../../../../shared/ipc/channels/dub';
import type { BatchActions } from './use-batch-actions';
import { selectedKeys } from './grid-selection';
import { focusInGrid } from './grid-focus';
import { removeSelectedRows } from './remove-rows';

type DubCommand = Omit<RunnableCommand, 'scope'>;

/**
 * The Dub grid's keys, through the command registry (scope 'dub') so the shortcuts sheet and
 * the native menu list them: spreadsheet-style moves, Space to leave cells in or out, and the
 * batch's run controls. The grid's own keys act only while focus is in the grid (`inGrid`);
 * the run controls (Ctrl+E, Ctrl+P) work from anywhere on the screen.
 */
export function useDubCommands(
  plan: DubBatchPlan,
  jobs: ReadonlyMap<string, Job>,
  queue: DubQueueState | undefined,
  actions: BatchActions,
  askRetryFailed: (retry: FailedRetry) => void,
): void {
  const rows = plan.rows.length;
  const cols = useDubBatch((s) => s.languages.length);
  const store = () => useDubBatch.getState();
  const move = (dRow: number, dCol: number, extend: boolean) => () =>
    store().moveCursor(dRow, dCol, extend, rows, cols);
  const hasCells = () => rows > 0 && cols > 0;
  // Space, Enter, Delete or an arrow on an unrelated button elsewhere must not change cells.
  const inGrid = () => hasCells() && focusInGrid();
  const started = () => Object.keys(store().runs).length > 0;
  const grid = 'Dub grid';
  const batch = 'Dub batch';
  const arrows: [string, number, number][] = [
    ['Up', -1, 0],
    ['Down', 1, 0],
    ['Left', 0, -1],
    ['Right', 0, 1],
  ];
  const commands: DubCommand[] = [
    ...arrows.flatMap(([key, dRow, dCol]): DubCommand[] => [
      {
        id: `dub.move-${key.toLowerCase()}`,
        label: `Move ${key.toLowerCase()}`,
        keys: [`Arrow${key}`],
        group: grid,
        run: move(dRow, dCol, false),
        enabled: inGrid,
      },
      {
        id: `dub.extend-${key.toLowerCase()}`,
        label: `Extend selection ${key.toLowerCase()}`,
        keys: [`Shift+Arrow${key}`],
        group: grid,
        run: move(dRow, dCol, true),
        enabled: inGrid,
      },
    ]),
    {
      id: 'dub.toggle-cells',
      label: 'Leave the selected cells in or out of the run',
      keys: ['Space'],
      group: grid,
      enabled: () => inGrid() && !started(),
      run: () => store().toggleCells(selectedKeys(plan, store().cursor)),
    },
    {
      id: 'dub.select-all',
      label: 'Select every cell',
      keys: ['Ctrl+A'],
      group: grid,
      enabled: inGrid,
      run: () => store().selectAll(rows, cols),
    },
    {
      id: 'dub.deselect',
      // The selection is one rectangle around the cursor, so "none" is the cursor's cell alone.
      label: 'Select none (only the current cell)',
      keys: ['Ctrl+D'],
      group: grid,
      enabled: inGrid,
      run: () => store().collapseSelection(),
    },
    {
      id: 'dub.open-cell',
      label: 'Open the cell details',
      keys: ['Enter'],
      group: grid,
      enabled: inGrid,
      run: () => {
        const { cursor } = store();
        const cell = plan.rows[cursor.row]?.cells[cursor.col];
        if (cell) store().open({ video: cell.video, language: cell.language });
      },
    },
    {
      id: 'dub.start',
      label: 'Start or resume the batch',
      keys: ['Ctrl+E'],
      group: batch,
      enabled: () => !actions.busy,
      run: () => {
        if (queue?.paused) actions.resume();
        else if (pendingRequests(plan, store().runs).length > 0) actions.start();
      },
    },
    {
      id: 'dub.pause',
      label: 'Pause the batch',
      keys: ['Ctrl+P'],
      group: batch,
      // Only while something runs: with only unsent cells left there is nothing to hold.
      enabled: () => !queue?.paused && batchProgress(plan, jobs, store().runs).running > 0,
      run: actions.pause,
    },
    {
      id: 'dub.retry-failed',
      label: 'Retry failed cells (asks first, with the price)',
      keys: ['R'],
      group: grid,
      // A retry is a new charge per request: never sent on a key press alone.
      enabled: () => inGrid() && failedRetry(plan, jobs, store().runs).requestKeys.length > 0,
      run: () => askRetryFailed(failedRetry(plan, jobs, store().runs)),
    },
    {
      id: 'dub.remove-rows',
      label: 'Remove the selected videos from the batch',
      keys: ['Delete'],
      group: grid,
      enabled: inGrid,
      run: () => removeSelectedRows(plan),
    },
  ];
  useCommands(
    'dub',
    commands.map((command) => ({ ...command, scope: 'dub' as const })),
  );
}
