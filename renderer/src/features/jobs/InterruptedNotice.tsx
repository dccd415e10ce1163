import { accountUsageSchema } from '../../../../shared/api/responses';
import type { Job } from '../../../../shared/domain/jobs/job';
import { useApiQuery } from '../../bridge/query';
import { formatCount } from '../../lib/format';
import { Notice } from '../../ui/Notice';
import { requestsSince, usageDaysSince } from './requests-since';

/**
 * A job cut off while it was being sent to a service that cannot tell a repeat from a new
 * request: it may have been charged, and it was not sent again. The account's requests since
 * then let the user judge; Retry (below, with its cost) sends it again.
 */
export function InterruptedNotice({ job, now }: { job: Job; now: number }) {
  const since = job.startedAt ?? job.createdAt;
  const usage = useApiQuery('account:usage', { days: usageDaysSince(since, now) });
  const parsed = usage.data ? accountUsageSchema.safeParse(usage.data) : undefined;
  const counted = parsed?.success ? requestsSince(parsed.data.daily, since) : undefined;
  return (
    <Notice
      tone="warn"
      title="Interrupted while submitting: it may have been charged"
      testId="job-interrupted"
    >
      The app closed while sending this job, and this service cannot recognise a repeat, so it was
      not sent again.{' '}
      <span data-testid="job-usage-since">
        {counted
          ? `Requests on this account since ${counted.fromDate}: ${formatCount(counted.requests)}. ` +
            'If one of them is this job, its task is not in this list; retrying charges again.'
          : usage.error
            ? 'The account’s usage could not be read; check it in Account before retrying.'
            : 'Reading the account’s requests since then…'}
      </span>
    </Notice>
  );
}
