import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import {
  runningScoreJobs,
  scoreJobFailure,
  type ScoreJob,
  type ScoreJobKind,
} from '../../../../shared/domain/project/score-jobs';
import { useApiEvent } from '../../bridge/events';
import { upsertJob } from '../../bridge/jobs-cache';
import { queryKeyFor, useApiQuery } from '../../bridge/query';
import { useScoreStore } from './score-store';
import { useLandingState } from './landing-state';

const NONE: readonly Job[] = [];

/**
 * The open project's jobs as main records them (`project:jobs`, newest first): the one list
 * Score reads its running, finished and failed jobs from (docs/decisions/105-score-jobs-from-main.md).
 */
export function useProjectJobs(): readonly Job[] {
  return useProjectJobsRead().jobs;
}

/** The list and whether main has answered for the open project yet. */
export function useProjectJobsRead(): { jobs: readonly Job[]; read: boolean } {
  const path = useScoreStore((s) => s.project?.path);
  const query = useApiQuery('project:jobs', { path: path ?? '' }, { enabled: !!path });
  return path && query.data ? { jobs: query.data, read: true } : { jobs: NONE, read: false };
}

/** Merges a job into the open project's cached list (after a submit, or a push from main). */
export function useMergeProjectJob(): (job: Job, started?: boolean) => void {
  const client = useQueryClient();
  return (job, started = false) => {
    const path = useScoreStore.getState().project?.path;
    if (!path) return;
    client.setQueryData<Job[]>(queryKeyFor('project:jobs', { path }), (list) =>
      // Main fills `project` with the real path; a job already listed (or just started here)
      // is merged whatever path it carries.
      started || job.project === path || list?.some((j) => j.id === job.id)
        ? upsertJob(list, job)
        : list,
    );
  };
}

/** Keeps the project's list in step with main's job pushes (mounted once, by the workspace). */
export function useProjectJobsSync(): void {
  const merge = useMergeProjectJob();
  useApiEvent('jobs:changed', (job) => merge(job));
}

/** The Score jobs still running for the open project, newest first. */
export function useRunningScoreJobs(): ScoreJob[] {
  const jobs = useProjectJobs();
  const video = useScoreStore((s) => s.history?.present.video?.path);
  return useMemo(() => runningScoreJobs(jobs, video), [jobs, video]);
}

/** The newest running job of a kind (for progress and Cancel). */
export function useRunningScoreJob(kind: ScoreJobKind): Job | undefined {
  return useRunningScoreJobs().find((entry) => entry.kind === kind)?.job;
}

/**
 * The failure the button of `kind` shows, in words: its newest job failed since the project
 * opened here, or its result could not be landed (kept in memory only).
 */
export function useScoreJobFailure(kind: ScoreJobKind): string | undefined {
  const jobs = useProjectJobs();
  const video = useScoreStore((s) => s.history?.present.video?.path);
  const since = useScoreStore((s) => s.openedAt);
  const landing = useLandingState((s) => s.failures[kind]);
  const failed = scoreJobFailure(jobs, video, kind, since);
  if (failed) return failed.message;
  const newest = jobs.find((job) => job.id === landing?.jobId);
  return newest && landing ? landing.message : undefined;
}
