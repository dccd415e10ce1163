import { useState } from 'react';
import { isTerminal } from '../../../../shared/domain/jobs/job';
import { sortJobs } from '../../bridge/jobs-cache';
import { useApiQuery } from '../../bridge/query';
import { isRunning } from '../../editor/jobs/job-view';
import { useHeldJobs } from '../../editor/jobs/held-jobs';
import { useNow } from '../../lib/use-now';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { JobsIcon } from '../../ui/icons';
import { Panel } from '../../ui/Panel';
import { JobRow } from './JobRow';
import { TaskLookup } from './TaskLookup';
import './jobs.css';

type Filter = 'all' | 'active' | 'finished';
const FILTERS: [Filter, string][] = [
  ['all', 'All'],
  ['active', 'In progress'],
  ['finished', 'Finished'],
];

export function JobsScreen() {
  const jobs = useApiQuery('jobs:list', {});
  const [filter, setFilter] = useState<Filter>('all');
  const list = sortJobs(jobs.data ?? []);
  const held = useHeldJobs((s) => s.held);
  // Held jobs (a paused Dub batch) do not move: the clock runs only for jobs under way.
  const anyActive = list.some((job) => isRunning(job, held));
  const now = useNow(1000, anyActive);
  const shown = list.filter((job) =>
    filter === 'all' ? true : filter === 'active' ? !isTerminal(job.stage) : isTerminal(job.stage),
  );

  return (
    <div className="screen">
      <Panel
        title="Jobs"
        hint="Every generation and task, kept across restarts. Submitted tasks resume polling; nothing is sent twice."
        label="Jobs"
        actions={
          <div className="segmented" role="radiogroup" aria-label="Show">
            {FILTERS.map(([value, text]) => (
              <label key={value} className="segmented__option">
                <input
                  type="radio"
                  name="jobs-filter"
                  checked={filter === value}
                  onChange={() => setFilter(value)}
                />
                <span>{text}</span>
              </label>
            ))}
          </div>
        }
      >
        {jobs.error && <ErrorNotice error={jobs.error} />}
        {jobs.isSuccess && shown.length === 0 && (
          <EmptyState
            icon={<JobsIcon />}
            title={list.length === 0 ? 'No jobs yet' : 'Nothing here'}
          >
            {list.length === 0
              ? 'Jobs appear here when you generate music or start a task.'
              : 'No job matches this filter.'}
          </EmptyState>
        )}
        {shown.length > 0 && (
          <ul className="jobs" aria-label="Job list">
            {shown.map((job) => (
              <JobRow key={job.id} job={job} now={now} held={held} />
            ))}
          </ul>
        )}
      </Panel>
      <TaskLookup />
    </div>
  );
}
