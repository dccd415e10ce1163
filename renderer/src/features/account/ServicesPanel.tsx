import { accountServicesSchema } from '../../../../shared/api/responses';
import { useApiQuery } from '../../bridge/query';
import { formatCost } from '../../lib/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Notice } from '../../ui/Notice';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { taskLabel } from '../../editor/jobs/job-view';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="stat">
      <span className="stat__label">{label}</span>
      <span className="stat__value nums">{value}</span>
      {note && <span className="stat__note">{note}</span>}
    </div>
  );
}

/** GET /v1/account/services: what the key may use, its limits, and the free trials left. */
export function ServicesPanel() {
  const services = useApiQuery('account:services', {});
  // After a failed refetch the old numbers would be misleading: show the error alone.
  const parsed =
    services.data && !services.error ? accountServicesSchema.safeParse(services.data) : undefined;
  const account = parsed?.success ? parsed.data : undefined;
  const trials = Object.entries(account?.trial ?? {});
  const discount = account ? account.discount_factor : 1;

  return (
    <Panel
      title="Services and limits"
      hint="What this key may use, as the service reports it."
      label="Services"
    >
      {services.error && <ErrorNotice error={services.error} />}
      {parsed && !parsed.success && (
        <Notice tone="warn" title="The service answered in an unexpected shape." />
      )}
      {account && (
        <>
          <div className="chips" aria-label="Available services" data-testid="account-services">
            {account.available_services.length === 0 && (
              <span className="muted small">No services are enabled for this key.</span>
            )}
            {account.available_services.map((service) => (
              <span key={service} className="chip" title={service}>
                {taskLabel(service)}
              </span>
            ))}
          </div>
          <div className="stats">
            <Stat label="Requests per minute" value={String(account.rpm_limit)} />
            <Stat label="Concurrent jobs" value={String(account.concurrency_limit)} />
            <Stat
              label="Upload size"
              value={account.max_upload_size_mb ? `${account.max_upload_size_mb} MB` : '300 MB'}
              note={account.max_upload_size_mb ? undefined : 'default'}
            />
            <Stat
              label="Price factor"
              value={`× ${discount.toFixed(2)}`}
              note={discount < 1 ? `${Math.round((1 - discount) * 100)}% discount` : 'list price'}
            />
            {account.balance !== undefined && (
              <Stat label="Balance" value={formatCost(account.balance)} />
            )}
          </div>
          <div className="stack">
            <h3>Free trials</h3>
            {trials.length === 0 ? (
              <p className="muted small">No free trial on this account: every call is billed.</p>
            ) : (
              <ul className="trials" data-testid="account-trials">
                {trials.map(([service, trial]) => (
                  <li key={service} className="trial">
                    <span className="trial__name">{taskLabel(service)}</span>
                    <ProgressBar
                      fraction={trial.granted > 0 ? Math.min(1, trial.used / trial.granted) : 1}
                      label={`${taskLabel(service)} trial used`}
                      tone={trial.remaining <= 0 ? 'danger' : undefined}
                    />
                    <span className="trial__count nums small">
                      {trial.used} used · {trial.remaining} of {trial.granted} left
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
