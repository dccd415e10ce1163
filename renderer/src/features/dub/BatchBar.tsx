import { formatUsd, quantizeUsd } from '../../../../shared/api/billing-rates';
import {
  batchProgress,
  pendingRequests,
  readinessCounts,
  type DubBatchPlan,
} from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { DubQueueState } from '../../../../shared/ipc/channels/dub';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { ProgressBar } from '../../ui/ProgressBar';
import { useDubBatch } from './batch-store';
import { ExportedNote } from './ExportedNote';
import type { BatchActions } from './use-batch-actions';

export interface BatchBarProps {
  plan: DubBatchPlan;
  jobs: ReadonlyMap<string, Job>;
  queue: DubQueueState | undefined;
  checking: boolean;
  actions: BatchActions;
}

/** Totals, the balance after, and the batch's Start / Pause / Resume / Export all. */
export function BatchBar({ plan, jobs, queue, checking, actions }: BatchBarProps) {
  const runs = useDubBatch((s) => s.runs);
  const progress = batchProgress(plan, jobs, runs);
  const pending = pendingRequests(plan, runs);
  const toCharge = quantizeUsd(pending.reduce((sum, request) => sum + request.charge.amount, 0));
  // The balance now is the plan's "after" plus its total; the next click charges what is unsent.
  const balanceNow = plan.balanceAfter ? plan.balanceAfter.balance + plan.total : null;
  const after = balanceNow === null ? null : quantizeUsd(balanceNow - toCharge);
  const afterText = after === null ? 'not reported' : formatUsd(after);
  const short = after !== null && after < 0;
  const started = Object.keys(runs).length > 0;
  const paused = queue?.paused ?? false;
  const succeeded = progress.counts.succeeded ?? 0;
  const runnable = progress.started + pending.reduce((n, r) => n + r.languages.length, 0);
  // Cells left out (Space) go to main with Start and are planned as skipped: never charged.
  const leftOut = progress.counts.skipped ?? 0;
  const canStart = !checking && pending.length > 0 && !short;
  const readiness = readinessCounts(plan);
  // Pause holds queued jobs: with nothing running (only unsent cells left) it would pause
  // nothing. Resume stays while paused, whatever runs.
  const showPause = started && (paused || progress.running > 0);

  return (
    <section className="dub-bar" aria-label="Batch">
      <div className="dub-bar__totals">
        <span>
          Total{' '}
          <strong data-testid="dub-cost-total" data-amount={formatUsd(plan.total).slice(1)}>
            {formatUsd(plan.total)}
          </strong>
        </span>
        <span className={short ? 'dub-bar__short' : 'faint'}>
          Balance after <span data-testid="dub-balance-after">{afterText}</span>
        </span>
        <span className="faint small" data-testid="dub-counts">
          {readiness.ready} ready
          {readiness.leftOut > 0 && ` · ${readiness.leftOut} left out`} · {readiness.warn} with
          warnings · {readiness.blocked} blocked · {plan.requests.length} request
          {plan.requests.length === 1 ? '' : 's'}
        </span>
      </div>
      {started && (
        <div className="dub-bar__progress">
          <ProgressBar fraction={progress.fraction} label="Batch progress" />
          <span className="small faint">
            {progress.finished} of {runnable} cells finished · {succeeded} dubbed
            {queue?.rpmWindow.limit
              ? ` · ${queue.rpmWindow.used}/${queue.rpmWindow.limit} requests this minute`
              : ''}
          </span>
        </div>
      )}
      <div className="row">
        {(!started || pending.length > 0) && (
          <Button
            variant="primary"
            data-testid="dub-start"
            disabled={!canStart}
            busy={actions.busy === 'start'}
            onClick={actions.start}
            title={checking ? 'Waiting for every file to be checked' : 'Ctrl+E'}
          >
            {started ? 'Send the rest' : 'Start'} · {formatUsd(toCharge)} → balance {afterText}
          </Button>
        )}
        {showPause && (
          <Button
            data-testid="dub-resume"
            busy={actions.busy === 'pause' || actions.busy === 'resume'}
            onClick={paused ? actions.resume : actions.pause}
            title={paused ? 'Ctrl+E' : 'Ctrl+P'}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        <Button
          data-testid="dub-export-all"
          disabled={succeeded === 0}
          busy={actions.busy === 'export'}
          onClick={actions.exportAll}
        >
          Export all
        </Button>
      </div>
      {queue?.reason === 'payment' && (
        <div data-testid="dub-pause-banner" className="dub-bar__banner">
          <Notice tone="warn" title="Batch paused: the account cannot pay">
            {queue.message ??
              'The service refused a request for lack of funds (402), so nothing more is sent.'}{' '}
            Top up the balance or enable billing, then press Resume.
          </Notice>
        </div>
      )}
      {actions.error && (
        <div className="dub-bar__banner">
          <Notice tone="danger" title="That did not work">
            {actions.error}
          </Notice>
        </div>
      )}
      {actions.exported && <ExportedNote exported={actions.exported} />}
      {leftOut > 0 && (
        <p className="small faint">
          {leftOut} cell{leftOut === 1 ? ' is' : 's are'} left out of this run and not charged
          (Space puts {leftOut === 1 ? 'it' : 'them'} back).
        </p>
      )}
      {short && (
        <p className="small dub-bar__short">
          The batch costs more than the balance: leave cells out (Space) or top up before starting.
        </p>
      )}
    </section>
  );
}
