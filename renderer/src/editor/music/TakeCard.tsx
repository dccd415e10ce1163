import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { isTerminal } from '../../../../shared/domain/jobs/job';
import { upsertJob } from '../../bridge/jobs-cache';
import { streamChunks } from '../../bridge/stream-chunks';
import { queryKeyFor, useApiMutation } from '../../bridge/query';
import { formatAgo, formatSpan } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CloseIcon, RetryIcon, StopIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { ProgressBar } from '../../ui/ProgressBar';
import { elapsedMs, progressOf, STAGE_LABELS, STAGE_TONES } from '../jobs/job-view';
import { useTakes } from './music-store';
import { StreamPlayer } from './StreamPlayer';
import { TakeResult } from './TakeResult';
import { audioFileOf, takeFormat, takeTitle } from './take-view';

function useJobAction(channel: 'jobs:cancel' | 'jobs:retry') {
  const client = useQueryClient();
  return useApiMutation(channel, {
    onSuccess: (job: Job) =>
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job)),
  });
}

/** One take of the session: live stream, progress, the finished waveform, or what went wrong. */
export function TakeCard({ job }: { job: Job }) {
  const now = useNow(1000, !isTerminal(job.stage));
  const dismiss = useTakes((s) => s.dismissTake);
  const cancel = useJobAction('jobs:cancel');
  const retry = useJobAction('jobs:retry');
  const file = audioFileOf(job);
  const live =
    job.request.delivery === 'stream' &&
    (job.stage === 'queued' || job.stage === 'streaming' || (job.stage === 'succeeded' && !file));
  // A take streamed in this window keeps its live player until that has played out: swapping
  // it for the finished take's waveform mid-listen cut the sound off until the file was decoded.
  const [playedOut, setPlayedOut] = useState(false);
  const onPlayedOut = useCallback(() => setPlayedOut(true), []);
  const listening =
    job.request.delivery === 'stream' &&
    job.stage === 'succeeded' &&
    streamChunks.has(job.id) &&
    !playedOut;
  const progress = live ? undefined : progressOf(job, now);
  const duration = Number(job.request.fields.duration);

  return (
    <article
      className="take"
      data-testid="take"
      data-stage={job.stage}
      aria-label={`Take: ${takeTitle(job)}`}
    >
      <header className="take__head">
        <div className="take__title">
          <h3 title={takeTitle(job)}>{takeTitle(job)}</h3>
          <span className="faint small nums">
            {Number.isFinite(duration) ? `${duration} s · ` : ''}
            {job.request.delivery === 'stream' ? 'Stream' : 'Async'} · {takeFormat(job)} ·{' '}
            {formatAgo(job.createdAt, now)}
            {isTerminal(job.stage) ? ` · took ${formatSpan(elapsedMs(job, now))}` : ''}
          </span>
        </div>
        <div className="row">
          <Badge tone={STAGE_TONES[job.stage]}>{STAGE_LABELS[job.stage]}</Badge>
          {!isTerminal(job.stage) && (
            <Button
              size="small"
              variant="danger"
              icon={<StopIcon />}
              busy={cancel.isPending}
              onClick={() => cancel.mutate({ id: job.id })}
              title="Stops waiting; a submitted generation may still be charged"
            >
              Cancel
            </Button>
          )}
          <Button
            size="small"
            variant="ghost"
            iconOnly
            icon={<CloseIcon />}
            aria-label="Remove take from this list"
            title="Remove from this list (the file stays)"
            onClick={() => dismiss(job.id)}
          />
        </div>
      </header>

      {(live || listening) && <StreamPlayer job={job} onPlayedOut={onPlayedOut} />}
      {progress && (
        <div className="stack">
          <ProgressBar fraction={progress.fraction} label={`Progress of ${takeTitle(job)}`} />
          <span className="small muted nums">
            {progress.text} · {formatSpan(elapsedMs(job, now))}
          </span>
        </div>
      )}
      {job.stage === 'succeeded' && file && <TakeResult job={job} file={file} />}
      {job.stage === 'succeeded' && !file && !live && (
        <Notice tone="info" title="This result is not an audio file.">
          Open it from Jobs.
        </Notice>
      )}
      {job.stage === 'failed' && job.error && (
        <ErrorNotice
          error={job.error}
          testId="take-error"
          actions={
            job.error.kind === 'trial_exhausted' ||
            job.error.kind === 'insufficient_balance' ||
            job.error.kind === 'payment_required' ? undefined : (
              <Button
                size="small"
                icon={<RetryIcon />}
                busy={retry.isPending}
                onClick={() => retry.mutate({ id: job.id })}
                title="A retry is a new generation and is charged again"
              >
                Retry (new charge)
              </Button>
            )
          }
        />
      )}
      {job.stage === 'failed' && job.refunded && (
        <p className="small muted">The charge for this take was refunded.</p>
      )}
      {job.stage === 'canceled' && (
        <p className="small muted">
          Canceled. A generation the service had already started may still be charged.
        </p>
      )}
      {(cancel.error || retry.error) && <ErrorNotice error={cancel.error ?? retry.error} />}
    </article>
  );
}
