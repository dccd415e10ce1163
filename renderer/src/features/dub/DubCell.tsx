import { memo } from 'react';
import { formatUsd } from '../../../../shared/api/billing-rates';
import type { CellPlan, CellState } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import { Badge } from '../../ui/Badge';
import { ACTIVE_STATES, cellReason, STATE_LABEL } from './cell-view';

export interface DubCellProps {
  cell: CellPlan;
  state: CellState;
  job: Job | undefined;
  checking: boolean;
  active: boolean;
  selected: boolean;
  colIndex: number;
  onPick(extend: boolean): void;
  onOpen(): void;
}

/** One video × language: its state badge, the reason it cannot run, and its share of the charge. */
export const DubCell = memo(function DubCell(props: DubCellProps) {
  const { cell, state, job, checking, active, selected, colIndex } = props;
  const label =
    checking && state === 'ready'
      ? { text: 'Checking…', tone: 'neutral' as const }
      : STATE_LABEL[state];
  const reason = state === 'failed' ? (job?.error?.message ?? null) : cellReason(cell);
  const progress =
    ACTIVE_STATES.includes(state) && job?.progress?.total
      ? Math.round((job.progress.done / job.progress.total) * 100)
      : null;
  const classes = [
    'dub-cell',
    `dub-cell--${cell.preflight}`,
    active && 'dub-cell--active',
    selected && 'dub-cell--selected',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="gridcell"
      aria-colindex={colIndex + 2}
      aria-selected={selected}
      tabIndex={active ? 0 : -1}
      className={classes}
      data-testid="dub-cell"
      data-lang={cell.language}
      data-state={state}
      data-preflight={cell.preflight}
      onClick={(event) => props.onPick(event.shiftKey)}
      onDoubleClick={props.onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') props.onOpen();
      }}
    >
      <span className="dub-cell__top">
        <Badge tone={label.tone}>{label.text}</Badge>
        {progress !== null && <span className="faint small">{progress}%</span>}
        {cell.amount > 0 && <span className="dub-cell__cost small">{formatUsd(cell.amount)}</span>}
      </span>
      {reason && (
        <span className="dub-cell__reason small" data-testid="dub-cell-reason" title={reason}>
          {reason}
        </span>
      )}
    </div>
  );
});
