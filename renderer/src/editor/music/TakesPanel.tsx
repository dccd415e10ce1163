import type { Job } from '../../../../shared/domain/jobs/job';
import { useApiQuery } from '../../bridge/query';
import { EmptyState } from '../../ui/EmptyState';
import { WaveIcon } from '../../ui/icons';
import { Panel } from '../../ui/Panel';
import { useTakes } from './music-store';
import { TakeCard } from './TakeCard';

/** Every take of this session, newest first, to listen and compare. */
export function TakesPanel() {
  const takeIds = useTakes((s) => s.takeIds);
  const jobs = useApiQuery('jobs:list', {});
  const byId = new Map((jobs.data ?? []).map((job): [string, Job] => [job.id, job]));
  const takes = takeIds.map((id) => byId.get(id)).filter((job): job is Job => job !== undefined);

  return (
    <Panel
      title="Takes"
      hint="This session's generations, newest first."
      label="Takes"
      className="takes"
      id="takes"
    >
      {takes.length === 0 ? (
        <EmptyState icon={<WaveIcon />} title="No takes yet">
          Write a prompt and press Generate. Streamed takes start playing while they are made.
        </EmptyState>
      ) : (
        <div className="takes__list">
          {takes.map((job) => (
            <TakeCard key={job.id} job={job} />
          ))}
        </div>
      )}
    </Panel>
  );
}
