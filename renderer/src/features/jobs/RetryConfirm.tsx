import type { Job } from '../../../../shared/domain/jobs/job';
import { Button } from '../../ui/Button';
import { RetryCost } from './RetryCost';

/** The confirm bar of Retry: a retry is a new request and a new charge, stated before the click. */
export function RetryConfirm({
  job,
  busy,
  onRetry,
  onBack,
}: {
  job: Job;
  busy: boolean;
  onRetry: () => void;
  onBack: () => void;
}) {
  return (
    <div className="job__confirm" role="group" aria-label="Confirm retry">
      <span className="small">A retry sends the request again and is a new charge.</span>
      <RetryCost job={job} />
      <Button size="small" variant="primary" busy={busy} onClick={onRetry}>
        Retry now
      </Button>
      <Button size="small" variant="ghost" onClick={onBack}>
        Back
      </Button>
    </div>
  );
}
