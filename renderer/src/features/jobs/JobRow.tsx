import { useState } from 'react';
import { INTERRUPTED_SUBMITTING, isTerminal, type Job } from '../../../../shared/domain/jobs/job';
import { baseName, formatAgo, formatBytes, formatSpan } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FolderIcon, OpenIcon, PlayIcon, RetryIcon, StopIcon, TrashIcon } from '../../ui/icons';
import { JsonView } from '../../ui/JsonView';
import { BriefView } from './BriefView';
import { InterruptedNotice } from './InterruptedNotice';
import { canPreview, FilePreview } from './FilePreview';
import { ProgressBar } from '../../ui/ProgressBar';
import {
  canCancel,
  canRetry,
  elapsedMs,
  isHeld,
  mayBeCharged,
  progressOf,
  STAGE_LABELS,
  STAGE_TONES,
  taskLabel,
} from '../../editor/jobs/job-view';
import { RetryConfirm } from './RetryConfirm';
import { useJobActions } from './use-job-actions';
import { EditSubtitlesButton } from './EditSubtitlesButton';

type Confirming = 'cancel' | 'retry' | null;

/** One job: what it is, where it stands, what went wrong, and what can be done with it. */
export function JobRow({
  job,
  now,
  held,
}: {
  job: Job;
  now: number;
  /** Jobs the Dub queue's pause holds (never sent: shown as paused, not timed). */
  held: ReadonlySet<string>;
}) {
  const actions = useJobActions(job.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const progress = progressOf(job, now, held);
  const paused = isHeld(job, held);

  return (
    <li className="job" data-testid="job-row" data-stage={job.stage} data-job-id={job.id}>
      <div className="job__main">
        <div className="job__title">
          <strong title={job.request.label}>
            {job.request.label || taskLabel(job.request.type)}
          </strong>
          <span className="faint small">
            {taskLabel(job.request.type)} · {job.request.delivery === 'stream' ? 'stream' : 'task'}
            {job.taskId ? (
              <>
                {' · '}
                <span className="mono" title="Task id">
                  {job.taskId}
                </span>
              </>
            ) : null}
          </span>
        </div>
        {paused ? (
          <Badge tone="warn">Paused</Badge>
        ) : (
          <Badge tone={STAGE_TONES[job.stage]}>{STAGE_LABELS[job.stage]}</Badge>
        )}
      </div>

      {progress && (
        <div className="job__progress">
          {!progress.paused && (
            <ProgressBar fraction={progress.fraction} label={`Progress of ${job.request.label}`} />
          )}
          <span className="small muted nums">{progress.text}</span>
        </div>
      )}

      {job.stage === 'failed' && job.error?.code === INTERRUPTED_SUBMITTING && (
        <InterruptedNotice job={job} now={now} />
      )}
      {job.stage === 'failed' && job.error && job.error.code !== INTERRUPTED_SUBMITTING && (
        <ErrorNotice error={job.error} />
      )}
      {job.stage === 'failed' && job.taskId && job.refunded !== undefined && (
        <p className="small muted" data-testid="job-refund">
          {job.refunded
            ? 'Refunded: this failure was not charged.'
            : 'Not refunded (yet): the service may reverse the charge shortly after a failure.'}
        </p>
      )}

      {job.stage === 'succeeded' && job.files.length > 0 && (
        <ul className="job__files">
          {job.files.map((file) => (
            <li key={file.path}>
              <span className="mono small" title={file.path}>
                {baseName(file.path)}
              </span>
              <span className="faint small">
                {file.role}
                {file.bytes ? ` · ${formatBytes(file.bytes)}` : ''}
              </span>
              {canPreview(file) && (
                <Button
                  size="small"
                  variant="ghost"
                  icon={<PlayIcon />}
                  aria-expanded={previewing === file.path}
                  aria-label={`Preview ${baseName(file.path)}`}
                  onClick={() => setPreviewing(previewing === file.path ? null : file.path)}
                >
                  Preview
                </Button>
              )}
              <Button
                size="small"
                variant="ghost"
                icon={<OpenIcon />}
                onClick={() => actions.open(file.path)}
                aria-label={`Open ${baseName(file.path)}`}
              >
                Open
              </Button>
              <Button
                size="small"
                variant="ghost"
                icon={<FolderIcon />}
                onClick={() => actions.reveal(file.path)}
                aria-label={`Reveal ${baseName(file.path)}`}
              >
                Reveal
              </Button>
            </li>
          ))}
        </ul>
      )}
      {previewing && job.files.some((file) => file.path === previewing) && (
        <FilePreview file={job.files.find((file) => file.path === previewing)!} />
      )}

      {job.stage === 'succeeded' && job.request.type === 'video_analysis' && (
        <BriefView job={job} />
      )}
      {job.result && (
        <details className="job__result">
          <summary>Service result</summary>
          <JsonView value={job.result} label={`Result of ${job.request.label}`} />
        </details>
      )}

      {confirming === 'cancel' && (
        <div className="job__confirm" role="group" aria-label="Confirm cancel">
          <span className="small">
            {mayBeCharged(job)
              ? 'The service already has this request: it may finish and be charged anyway.'
              : 'Nothing has been sent yet: canceling costs nothing.'}
          </span>
          <Button
            size="small"
            variant="danger"
            busy={actions.pending.cancel}
            onClick={() => (actions.cancel(), setConfirming(null))}
          >
            Cancel job
          </Button>
          <Button size="small" variant="ghost" onClick={() => setConfirming(null)}>
            Keep running
          </Button>
        </div>
      )}
      {confirming === 'retry' && (
        <RetryConfirm
          job={job}
          busy={actions.pending.retry}
          onRetry={() => (actions.retry(), setConfirming(null))}
          onBack={() => setConfirming(null)}
        />
      )}

      <div className="job__foot">
        <div className="job__meta small faint nums">
          {paused ? (
            <span>Not sent yet</span>
          ) : (
            <span>Elapsed {formatSpan(elapsedMs(job, now))}</span>
          )}
          {job.lastPollAt && <span>Last checked {formatAgo(job.lastPollAt, now)}</span>}
          {job.attempts > 1 && <span>Attempt {job.attempts}</span>}
          <span>Started {formatAgo(job.createdAt, now)}</span>
        </div>
        {confirming === null && (
          <div className="job__actions">
            <EditSubtitlesButton job={job} />
            {canCancel(job) && (
              <Button
                size="small"
                variant="danger"
                icon={<StopIcon />}
                onClick={() => setConfirming('cancel')}
              >
                Cancel
              </Button>
            )}
            {canRetry(job) && (
              <Button size="small" icon={<RetryIcon />} onClick={() => setConfirming('retry')}>
                Retry
              </Button>
            )}
            {isTerminal(job.stage) && (
              <Button
                size="small"
                variant="ghost"
                icon={<TrashIcon />}
                busy={actions.pending.remove}
                onClick={actions.remove}
                title="Removes the job from the list; result files stay in the project folder"
              >
                Remove
              </Button>
            )}
          </div>
        )}
      </div>
      {actions.error && <ErrorNotice error={actions.error} />}
      {actions.notShown && (
        <p className="small muted">
          This window cannot open files itself. The file is at{' '}
          <span className="mono">{actions.notShown}</span>
        </p>
      )}
    </li>
  );
}
