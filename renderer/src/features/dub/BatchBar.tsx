import { formatUsd, quantizeUsd } from '../../../../shared/api/billing-rates';
import { batchProgress, pendingRequests, type DubBatchPlan } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { ProgressBar } from '../../ui/ProgressBar';
import { useDubBatch } from './batch-store';

export interface BatchBarProps {
  plan: DubBatchPlan;
  jobs: ReadonlyMap<string, Job>;
  checking: boolean;
  onExportAll(): void;
  exporting: boolean;
}

/** Totals, the balance after, and the batch's Start / Pause / Resume / Export all. */
export function BatchBar({ plan, jobs, checking, onExportAll, exporting }: BatchBarProps) {
  const runs = useDubBatch((s) => s.runs);
  const running = useDubBatch((s) => s.running);
  const pauseReason = useDubBatch((s) => s.pauseReason);
  const pauseMessage = useDubBatch((s) => s.pauseMessage);
  const { start, pause } = useDubBatch.getState();
  const progress = batchProgress(plan, jobs, runs);
  const pending = pendingRequests(plan, runs);
  const toCharge = plan.requests
    .filter((request) => runs[request.key] === undefined)
    .reduce((sum, request) => sum + request.charge.amount, 0);
  // The account's balance now is the plan's "after" plus the plan's total; what is left to
  // send is what the next click charges.
  const balanceNow = plan.balanceAfter ? plan.balanceAfter.balance + plan.total : null;
  const after = balanceNow === null ? null : quantizeUsd(balanceNow - toCharge);
  const started = Object.keys(runs).length > 0;
  const afterText = after === null ? 'balance not reported' : formatUsd(after);
  const short = after !== null && after < 0;
  const succeeded = progress.counts.succeeded ?? 0;
  const runnable = progress.started + pending.reduce((n, r) => n + r.languages.length, 0);

  return (
    <section className="dub-bar" aria-label="Batch">
      <div className="dub-bar__totals">
        <span>
          Total{' '}
          <strong data-testid="dub-cost-total" data-amount={plan.total.toFixed(2)}>
            {formatUsd(plan.total)}
          </strong>
        </span>
        <span className={short ? 'dub-bar__short' : 'faint'}>
          Balance after <span data-testid="dub-balance-after">{afterText}</span>
        </span>
        <span className="faint small">
          {plan.counts.ok} ready · {plan.counts.warn} with warnings · {plan.counts.blocked} blocked
          · {plan.requests.length} request{plan.requests.length === 1 ? '' : 's'}
        </span>
      </div>
      {started && (
        <div className="dub-bar__progress">
          <ProgressBar fraction={progress.fraction} label="Batch progress" />
          <span className="small faint">
            {progress.finished} of {runnable} cells finished · {succeeded} done
          </span>
        </div>
      )}
      <div className="row">
        {!started && (
          <Button
            variant="primary"
            data-testid="dub-start"
            disabled={running || checking || plan.requests.length === 0 || short}
            onClick={start}
            title={checking ? 'Waiting for every file to be checked' : undefined}
          >
            Start · {formatUsd(toCharge)} → {afterText}
          </Button>
        )}
        {started && running && (
          <Button data-testid="dub-resume" onClick={() => pause('user')}>
            Pause
          </Button>
        )}
        {started && !running && !progress.done && (
          <Button
            variant="primary"
            data-testid="dub-resume"
            onClick={start}
            disabled={short && pending.length > 0}
          >
            Resume · {formatUsd(toCharge)} → {afterText}
          </Button>
        )}
        <Button
          data-testid="dub-export-all"
          disabled={succeeded === 0}
          busy={exporting}
          onClick={onExportAll}
        >
          Export all…
        </Button>
      </div>
      {pauseReason === 'payment' && (
        <div data-testid="dub-pause-banner" role="alert" className="dub-bar__banner">
          <Notice tone="warn" title="Batch paused: the account cannot pay">
            The service refused a request for lack of funds (402), so the whole batch paused:
            nothing more will be charged. Top up the account or enable billing, then press Resume.
          </Notice>
        </div>
      )}
      {pauseReason === 'error' && pauseMessage && (
        <Notice tone="danger" title="Sending stopped">
          {pauseMessage} Check the connection and the files, then press Resume.
        </Notice>
      )}
      {short && !started && (
        <p className="small dub-bar__short">
          The batch costs more than the balance: leave out cells (Space) or top up before starting.
        </p>
      )}
    </section>
  );
}
