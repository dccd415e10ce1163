import { useEffect, useRef } from 'react';
import { formatUsd } from '../../../../shared/api/billing-rates';
import { LANGUAGE_NAMES } from '../../../../shared/api/languages';
import { cellState, type DubBatchPlan } from '../../../../shared/domain/dub';
import { baseName } from '../../../../shared/domain/files/file-names';
import type { Job } from '../../../../shared/domain/jobs/job';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { useDubBatch } from './batch-store';
import { focusGridCell } from './grid-focus';
import { ACTIVE_STATES, progressText, STATE_LABEL } from './cell-view';
import { DubLines } from './DubLines';
import { DubPreview } from './DubPreview';
import { cellKey } from './line-edits-store';
import { asRecord, DubReports } from './DubReports';
import { SrtDiff } from './SrtDiff';
import { useNow } from './use-now';
import type { BatchActions } from './use-batch-actions';

/** Everything about one cell: why it can or cannot run, what it costs, and its result. */
export function CellDrawer({
  plan,
  jobs,
  actions,
}: {
  plan: DubBatchPlan;
  jobs: ReadonlyMap<string, Job>;
  actions: BatchActions;
}) {
  const openCell = useDubBatch((s) => s.openCell);
  const runs = useDubBatch((s) => s.runs);
  const ducking = useDubBatch((s) => s.ducking);
  const now = useNow(1000);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the grid (Enter, double click), focus would stay on the cell and Esc would
  // never reach the drawer: it takes focus, so keys are its own and a screen reader says where.
  // Each open() makes a new openCell, so opening the same cell again takes focus again.
  useEffect(() => {
    if (openCell) heading.current?.focus();
  }, [openCell]);
  if (!openCell) return null;
  const row = plan.rows.find((r) => r.video === openCell.video);
  const cell = row?.cells.find((c) => c.language === openCell.language);
  if (!row || !cell) return null;
  const request = plan.requests.find((r) => r.key === cell.requestKey);
  const job = cell.requestKey ? jobs.get(runs[cell.requestKey] ?? '') : undefined;
  const state = cellState(cell, jobs, runs);
  const label = STATE_LABEL[state];
  const close = () => {
    useDubBatch.getState().open(null);
    // Back to the cell it was opened from, so the keyboard carries on in the grid.
    focusGridCell();
  };
  const output = job?.files.find((file) => file.role === `outputs.${cell.language}`);
  const srt = job?.files.find((file) => file.role === `subtitles.${cell.language}`);
  const exportReport = asRecord(asRecord(job?.result?.subtitle_export)[cell.language]);
  const shared = request && request.languages.length > 1;
  const title = `${baseName(cell.video)} → ${LANGUAGE_NAMES[cell.language]}`;

  return (
    <aside
      className="dub-drawer"
      aria-label={`Cell ${title}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        close();
      }}
    >
      <header className="dub-drawer__head">
        <h3 ref={heading} tabIndex={-1} data-testid="dub-drawer-title">
          {title}
        </h3>
        <Badge tone={label.tone}>{label.text}</Badge>
        <Button size="small" variant="ghost" onClick={close} aria-label="Close cell details">
          Close
        </Button>
      </header>
      <section aria-label="Preflight">
        <h4>Preflight</h4>
        {cell.reasons.length === 0 ? (
          <p className="small">Every local check passed.</p>
        ) : (
          <ul className="dub-reasons">
            {cell.reasons.map((reason, i) => (
              <li key={`${reason.code}-${i}`} className={`dub-reasons--${reason.level}`}>
                {reason.message}
                {reason.fix && <span className="small faint"> {reason.fix}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Cost">
        <h4>Cost</h4>
        {request ? (
          <p className="small">
            {formatUsd(cell.amount)} for this cell. {request.charge.explanation}
            {shared &&
              ` One request dubs ${request.languages.join(', ')} together (the service takes a video's ${request.scripted ? 'scripted' : 'unscripted'} languages in one call); its charge is split evenly over them.`}
          </p>
        ) : (
          <p className="small faint">Nothing is charged for this cell.</p>
        )}
      </section>
      {job && (
        <section aria-label="Progress">
          <h4>Progress</h4>
          {ACTIVE_STATES.includes(state) && (
            <ProgressBar
              fraction={job.progress?.total ? job.progress.done / job.progress.total : undefined}
              label={`${title} progress`}
            />
          )}
          <p className="small">{progressText(state, job, now)}</p>
          <div className="row">
            {ACTIVE_STATES.includes(state) && request && (
              <Button
                size="small"
                variant="danger"
                busy={actions.busy === 'cancel'}
                onClick={() => actions.cancel([request.key])}
              >
                Cancel {shared ? `the request (${request.languages.length} languages)` : ''}
              </Button>
            )}
            {(state === 'failed' || state === 'canceled') && request && (
              <Button
                size="small"
                busy={actions.busy === 'retry'}
                onClick={() => actions.retry([request.key])}
              >
                Retry · {formatUsd(request.charge.amount)}
              </Button>
            )}
          </div>
        </section>
      )}
      {output && (
        <section aria-label="Preview">
          <h4>Preview</h4>
          <DubPreview
            original={cell.video}
            dubbed={output.path}
            language={cell.language}
            cellKey={cellKey(cell.video, cell.language)}
          />
        </section>
      )}
      {output && cell.script && state === 'succeeded' && (
        <section aria-label="Lines">
          <h4>Lines</h4>
          <DubLines
            cell={{
              key: cellKey(cell.video, cell.language),
              video: cell.video,
              dub: output.path,
              script: cell.script,
              language: cell.language,
              ducking,
            }}
            retimed={srt?.path}
          />
        </section>
      )}
      {job?.result && (
        <section aria-label="Service reports">
          <h4>Service reports</h4>
          <DubReports result={job.result} />
        </section>
      )}
      {srt && cell.script && (
        <section aria-label="Approved script against the re-timed export">
          <h4>Approved script ↔ re-timed .srt</h4>
          <SrtDiff
            approved={cell.script}
            exported={srt.path}
            report={exportReport}
            {...(output ? { dub: output.path } : {})}
          />
        </section>
      )}
    </aside>
  );
}
