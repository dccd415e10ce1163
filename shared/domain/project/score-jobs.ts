import { isTerminal, type Job } from '../jobs/job';
import type { ScorePart } from './document';

/**
 * Which of a project's jobs (main's `project:jobs`, newest first) the Score workspace still has
 * to turn into document changes, which are running, and which failed
 * (docs/decisions/105-score-jobs-from-main.md). Pure: the renderer applies what this decides.
 */

export const SCORE_JOB_KINDS = ['analyse', 'music', 'sfx', 'both'] as const;
export type ScoreJobKind = (typeof SCORE_JOB_KINDS)[number];

/** The endpoint behind each Score action (features/score/score-requests.ts builds them). */
const KIND_OF_TYPE: Readonly<Record<string, ScoreJobKind>> = {
  video_analysis: 'analyse',
  video_to_music: 'music',
  video_to_sfx: 'sfx',
  video_to_sound: 'both',
};

/** Keeps the record bounded: the oldest ids go first once a project has this many. */
export const LANDED_JOB_IDS_KEPT = 5000;

export interface ScoreJob {
  job: Job;
  kind: ScoreJobKind;
}

/**
 * The Score kind of a job, or null when it is not one of Score's: its endpoint must be one Score
 * starts and its video the Score part's video (a task started from another screen about another
 * file, or an analysis in another mode than Score's brief, never lands on the timeline).
 */
export function scoreJobKind(job: Job, videoPath: string | undefined): ScoreJobKind | null {
  const kind = KIND_OF_TYPE[job.request.type];
  if (!kind || !videoPath || job.request.files['video'] !== videoPath) return null;
  if (kind === 'analyse' && job.request.fields['mode'] !== 'both') return null;
  return kind;
}

/** The project's Score jobs, newest first (the order main lists them in). */
export function scoreJobs(jobs: readonly Job[], videoPath: string | undefined): ScoreJob[] {
  const out: ScoreJob[] = [];
  for (const job of jobs) {
    const kind = scoreJobKind(job, videoPath);
    if (kind) out.push({ job, kind });
  }
  return out.sort((a, b) => b.job.createdAt - a.job.createdAt);
}

/** Score jobs still on their way (not succeeded, failed or canceled), newest first. */
export function runningScoreJobs(jobs: readonly Job[], videoPath: string | undefined): ScoreJob[] {
  return scoreJobs(jobs, videoPath).filter(({ job }) => !isTerminal(job.stage));
}

export interface LandingState {
  /** The part's record; undefined for a document written before the record existed. */
  landedJobIds: readonly string[] | undefined;
  /** The part's takes: a take carrying a job id is that job landed, whatever the record says. */
  takes: ScorePart['takes'];
  /** `updatedAt` of the document as it was opened (the legacy rule below). */
  savedAt: number;
}

export interface LandingPlan {
  /** Succeeded jobs to turn into document changes, oldest first (the newest take ends active). */
  land: ScoreJob[];
  /**
   * Ids to record as landed with no change: briefs superseded by a newer one in `land`, and for
   * a document without a record, the jobs it had already seen (finished before it was saved).
   */
  skip: string[];
}

function finishedAt(job: Job): number {
  return job.finishedAt ?? job.updatedAt;
}

/**
 * What to land. A succeeded Score job lands once: not when the record holds it or a take carries
 * it. A document without a record (older files) counts every job that finished before it was
 * last saved as landed, so opening it never re-applies an old brief over the user's lanes. Of
 * several unlanded briefs only the newest is applied (each replaces both lanes).
 */
export function planLanding(
  jobs: readonly Job[],
  videoPath: string | undefined,
  state: LandingState,
): LandingPlan {
  const landed = new Set(state.landedJobIds ?? []);
  for (const take of state.takes) if (take.jobId) landed.add(take.jobId);
  const oldestFirst = scoreJobs(jobs, videoPath).reverse();
  const waiting: ScoreJob[] = [];
  const skip: string[] = [];
  for (const entry of oldestFirst) {
    const { job } = entry;
    if (job.stage !== 'succeeded' || landed.has(job.id)) continue;
    if (state.landedJobIds === undefined && finishedAt(job) <= state.savedAt) skip.push(job.id);
    else waiting.push(entry);
  }
  const newestBrief = waiting.filter((e) => e.kind === 'analyse').pop();
  const land = waiting.filter((e) => e.kind !== 'analyse' || e === newestBrief);
  for (const e of waiting) if (e.kind === 'analyse' && e !== newestBrief) skip.push(e.job.id);
  return { land, skip };
}

/**
 * The failure to show on the button of `kind`: its newest job, when that one failed after
 * `since` (the project's opening in this window). A newer attempt of the kind clears it.
 */
export function scoreJobFailure(
  jobs: readonly Job[],
  videoPath: string | undefined,
  kind: ScoreJobKind,
  since: number,
): { jobId: string; message: string } | undefined {
  const newest = scoreJobs(jobs, videoPath).find((e) => e.kind === kind)?.job;
  if (!newest || newest.stage !== 'failed' || finishedAt(newest) < since) return undefined;
  return { jobId: newest.id, message: newest.error?.message ?? 'The job failed.' };
}

/** The record with `ids` added (each once), keeping the newest LANDED_JOB_IDS_KEPT. */
export function withLanded(
  record: readonly string[] | undefined,
  ids: readonly string[],
): string[] {
  const next = [...(record ?? [])];
  for (const id of ids) if (!next.includes(id)) next.push(id);
  return next.slice(-LANDED_JOB_IDS_KEPT);
}
