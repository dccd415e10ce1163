import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../../shared/api/billing-rates';
import { LANGUAGE_NAMES } from '../../../../shared/api/languages';
import { cellState, rowRemovalRefusal, type DubBatchPlan } from '../../../../shared/domain/dub';
import { baseName } from '../../../../shared/domain/files/file-names';
import type { Job } from '../../../../shared/domain/jobs/job';
import { useDubBatch } from './batch-store';
import { DubCell } from './DubCell';
import { inSelection } from './grid-selection';

/** Fixed row height: the grid renders only the rows in view (200 videos stay smooth). */
export const ROW_HEIGHT = 64;
const OVERSCAN = 6;
const NAME_MIN_PX = 180;
const CELL_MIN_PX = 170;

export interface DubGridProps {
  plan: DubBatchPlan;
  jobs: ReadonlyMap<string, Job>;
  pending: ReadonlySet<string>;
}

export function DubGrid({ plan, jobs, pending }: DubGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);
  const cursor = useDubBatch((s) => s.cursor);
  const runs = useDubBatch((s) => s.runs);
  const languages = useDubBatch((s) => s.languages);
  const { setCursor, moveCursor, open, removeVideos, setRowRefusal } = useDubBatch.getState();
  const refusal = useDubBatch((s) => s.rowRefusal);
  const removeRow = (video: string) => {
    const row = plan.rows.find((r) => r.video === video);
    const why = row ? rowRemovalRefusal(row, runs) : null;
    setRowRefusal(why);
    // Its scripts go with it (a script paired by name would otherwise be left unpaired).
    if (!why && row) removeVideos([video], scriptsOf(row));
  };

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Keeps the cursor's row in view when the keyboard moves it.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const top = cursor.row * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    // Focus follows the cursor only while the grid has it (never steals it on load); the page
    // scrolls as far as needed to show the cell.
    if (element.contains(document.activeElement))
      element.querySelector<HTMLElement>('.dub-cell--active')?.focus();
  }, [cursor.row, cursor.col]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(plan.rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const columns = `minmax(${NAME_MIN_PX}px, 1.4fr) repeat(${languages.length}, minmax(${CELL_MIN_PX}px, 1fr))`;
  // An explicit width: max-content would let a cell's long reason widen its whole column.
  const minWidth = NAME_MIN_PX + languages.length * CELL_MIN_PX;

  return (
    <>
      {refusal && (
        <p className="small dub-error" role="alert" data-testid="dub-row-refusal">
          {refusal}
        </p>
      )}
      <div
        className="dub-grid"
        role="grid"
        data-dub-grid
        aria-label="Videos × languages"
        aria-rowcount={plan.rows.length + 1}
        aria-colcount={languages.length + 1}
      >
        <div
          className="dub-grid__head"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: columns, minWidth }}
        >
          <span role="columnheader" className="dub-grid__corner">
            Video
          </span>
          {languages.map((code) => (
            <span role="columnheader" key={code} title={code}>
              {LANGUAGE_NAMES[code]}
            </span>
          ))}
        </div>
        <div
          ref={scroller}
          className="dub-grid__body"
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        >
          <div style={{ height: plan.rows.length * ROW_HEIGHT, position: 'relative', minWidth }}>
            {plan.rows.slice(first, last).map((row, offset) => {
              const rowIndex = first + offset;
              return (
                <div
                  key={row.video}
                  role="row"
                  aria-rowindex={rowIndex + 2}
                  className="dub-row"
                  data-testid="dub-row"
                  data-file={baseName(row.video)}
                  style={{
                    top: rowIndex * ROW_HEIGHT,
                    height: ROW_HEIGHT,
                    gridTemplateColumns: columns,
                    minWidth,
                  }}
                >
                  <span role="rowheader" className="dub-row__name" title={row.video}>
                    <span className="dub-row__file">{baseName(row.video)}</span>
                    <span className="faint small">
                      {row.amount > 0
                        ? formatUsd(row.amount)
                        : pending.has(row.video)
                          ? 'Checking…'
                          : '—'}
                    </span>
                    <RowRemove
                      name={baseName(row.video)}
                      refusal={rowRemovalRefusal(row, runs)}
                      onRemove={() => removeRow(row.video)}
                    />
                  </span>
                  {row.cells.map((cell, col) => (
                    <DubCell
                      key={cell.language}
                      cell={cell}
                      state={cellState(cell, jobs, runs)}
                      job={cell.requestKey ? jobs.get(runs[cell.requestKey] ?? '') : undefined}
                      checking={
                        pending.has(row.video) || (!!cell.script && pending.has(cell.script))
                      }
                      active={cursor.row === rowIndex && cursor.col === col}
                      selected={inSelection(cursor, rowIndex, col)}
                      colIndex={col}
                      onPick={(extend) =>
                        extend
                          ? moveCursor(
                              rowIndex - cursor.row,
                              col - cursor.col,
                              true,
                              plan.rows.length,
                              languages.length,
                            )
                          : setCursor(rowIndex, col)
                      }
                      onOpen={() => open({ video: row.video, language: cell.language })}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Removes a row not yet sent. A sent row's button stays enabled: pressing it says why the row
 * stays (in the alert above the grid), so keyboard and pointer users both learn the reason.
 */
function RowRemove(props: { name: string; refusal: string | null; onRemove(): void }) {
  return (
    <button
      type="button"
      className="btn btn--small btn--ghost dub-row__remove"
      data-testid="dub-row-remove"
      aria-label={`Remove ${props.name} from the batch`}
      data-sent={props.refusal ? 'true' : 'false'}
      title={props.refusal ?? 'Remove this video from the batch (Delete)'}
      onClick={(event) => {
        event.stopPropagation();
        props.onRemove();
      }}
    >
      Remove
    </button>
  );
}

/** The scripts a row's cells were paired with. */
function scriptsOf(row: DubBatchPlan['rows'][number]): string[] {
  return row.cells.flatMap((cell) => (cell.script ? [cell.script] : []));
}
