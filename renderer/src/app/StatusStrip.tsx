import { useConnection } from '../bridge/connection';
import { useApiQuery } from '../bridge/query';
import { Badge } from '../ui/Badge';
import { jobsSummary } from '../editor/jobs/job-view';
import { engineLabel } from './engine-label';
import { hrefOf } from './routes';

function ConnectionBadge() {
  const connection = useConnection();
  if (connection.mode === 'no-host')
    return <Badge tone="danger">Not connected to Soundstage host</Badge>;
  if (connection.state === 'open') return null;
  return (
    <Badge tone="warn">
      {connection.state === 'connecting' ? 'Connecting to host…' : 'Reconnecting to host…'}
    </Badge>
  );
}

export function StatusStrip({
  runningJobs,
  pausedJobs = 0,
  title,
}: {
  runningJobs: number;
  /** Jobs held by a paused Dub batch: not sent, so not running (no spinner for them). */
  pausedJobs?: number;
  title: string;
}) {
  const connection = useConnection();
  const connected = connection.state === 'open';
  const engine = useApiQuery('engine:status', {}, { enabled: connected, refetchInterval: 15_000 });
  const key = useApiQuery('key:status', {}, { enabled: connected });
  const label = connected ? engineLabel(engine.data, key.data) : undefined;
  return (
    <header className="strip">
      <h1 className="strip__title">{title}</h1>
      <div className="strip__status">
        <ConnectionBadge />
        {label && (
          <span
            data-testid="engine-status"
            title={label.detail ?? label.text}
            data-tone={label.tone}
          >
            <Badge tone={label.tone}>{label.text}</Badge>
          </span>
        )}
        {!label && (
          <span data-testid="engine-status" data-tone="danger" className="visually-hidden">
            Engine status unknown: not connected
          </span>
        )}
        <a
          href={hrefOf('jobs')}
          className="strip__jobs"
          data-testid="jobs-indicator"
          title="Open the job list"
        >
          {runningJobs > 0 ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <span className="strip__idle" aria-hidden="true" />
          )}
          {jobsSummary(runningJobs, pausedJobs)}
        </a>
      </div>
    </header>
  );
}
