import type { Job } from '../../../../shared/domain/jobs/job';
import { billedMediaPath, billingUnitsForJob } from '../../../../shared/domain/billing';
import { accountServicesSchema } from '../../../../shared/api/responses';
import { useApiQuery } from '../../bridge/query';
import { estimateCharge } from '../../editor/tasks/estimate';

/** What sending a job again will cost, from the same billing rules as a new request. */
export function RetryCost({ job }: { job: Job }) {
  const mediaPath = billedMediaPath(job.request);
  const probe = useApiQuery(
    'media:probe',
    { path: mediaPath ?? '' },
    { enabled: mediaPath !== undefined, staleTime: Infinity },
  );
  const services = useApiQuery('account:services', {}, { staleTime: 30_000 });
  const account = services.data ? accountServicesSchema.safeParse(services.data) : undefined;
  const units = billingUnitsForJob(job.request, probe.data?.durationSeconds);
  if (!units) {
    return (
      <span className="small muted" data-testid="retry-cost">
        {mediaPath && probe.isPending
          ? 'Working out the price…'
          : 'The price depends on the media length, which only the service knows.'}
      </span>
    );
  }
  const estimate = estimateCharge(units, account?.success ? account.data : undefined);
  return (
    <span className="small" data-testid="retry-cost" title={estimate.explanation}>
      {estimate.free ? `Retry uses a ${estimate.text.toLowerCase()}` : `Retry: ${estimate.text}`}
    </span>
  );
}
