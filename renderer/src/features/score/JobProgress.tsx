import { isTerminal, type Job } from '../../../../shared/domain/jobs/job';
import { formatSpan } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/Button';
import { StopIcon } from '../../ui/icons';
import { ProgressBar } from '../../ui/ProgressBar';
import { elapsedMs, progressOf } from '../../editor/jobs/job-view';
import { useCancelJob } from './use-submit-job';

/** A running workspace job: its stage, elapsed time and Cancel. */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const now = useNow(1000, !isTerminal(job.stage));
  const cancel = useCancelJob();
  const progress = progressOf(job, now);
  return (
    <div className="score-job" data-testid="score-job" data-stage={job.stage}>
      <ProgressBar fraction={progress?.fraction} label={`Progress of ${label}`} />
      <span className="small muted nums">
        {label}: {progress?.text ?? 'finishing'} · {formatSpan(elapsedMs(job, now))}
      </span>
      <Button
        size="small"
        variant="ghost"
        icon={<StopIcon />}
        busy={cancel.isPending}
        onClick={() => cancel.mutate({ id: job.id })}
        title="Stops waiting; a submitted job may still be charged"
      >
        Cancel
      </Button>
    </div>
  );
}
