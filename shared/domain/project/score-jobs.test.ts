import { describe, expect, it } from 'vitest';
import type { Job, JobStage } from '../jobs/job';
import {
  LANDED_JOB_IDS_KEPT,
  planLanding,
  runningScoreJobs,
  scoreJobFailure,
  scoreJobKind,
  withLanded,
} from './score-jobs';

const VIDEO = '/projects/clip.mp4';

function job(
  id: string,
  type: Job['request']['type'],
  stage: JobStage,
  at: number,
  extra: Partial<Job> = {},
  fields: Record<string, string> = type === 'video_analysis' ? { mode: 'both' } : {},
  video = VIDEO,
): Job {
  return {
    id,
    request: { type, delivery: 'async', fields, files: { video }, label: id },
    stage,
    createdAt: at,
    updatedAt: at + 10,
    ...(stage === 'succeeded' || stage === 'failed' || stage === 'canceled'
      ? { finishedAt: at + 10 }
      : {}),
    attempts: 0,
    files: [],
    ...extra,
  };
}

/** Main lists a project's jobs newest first. */
const newestFirst = (...jobs: Job[]) => [...jobs].sort((a, b) => b.createdAt - a.createdAt);

describe('scoreJobKind', () => {
  it('maps each endpoint Score starts to its button', () => {
    expect(scoreJobKind(job('a', 'video_analysis', 'queued', 1), VIDEO)).toBe('analyse');
    expect(scoreJobKind(job('m', 'video_to_music', 'queued', 1), VIDEO)).toBe('music');
    expect(scoreJobKind(job('s', 'video_to_sfx', 'queued', 1), VIDEO)).toBe('sfx');
    expect(scoreJobKind(job('b', 'video_to_sound', 'queued', 1), VIDEO)).toBe('both');
  });

  it('leaves out other endpoints, other videos and analyses that are not a Score brief', () => {
    expect(scoreJobKind(job('t', 'text_to_music', 'queued', 1), VIDEO)).toBeNull();
    expect(
      scoreJobKind(job('o', 'video_to_music', 'queued', 1, {}, {}, '/other.mp4'), VIDEO),
    ).toBeNull();
    expect(
      scoreJobKind(job('a', 'video_analysis', 'queued', 1, {}, { mode: 'music' }), VIDEO),
    ).toBeNull();
    expect(scoreJobKind(job('m', 'video_to_music', 'queued', 1), undefined)).toBeNull();
  });
});

describe('planLanding', () => {
  const recorded = { landedJobIds: [] as string[], takes: [], savedAt: 0 };

  it('lands a finished generation once: the record or a take carrying it stops it', () => {
    const jobs = newestFirst(job('m1', 'video_to_music', 'succeeded', 100));
    expect(planLanding(jobs, VIDEO, recorded).land.map((e) => e.job.id)).toEqual(['m1']);
    expect(planLanding(jobs, VIDEO, { ...recorded, landedJobIds: ['m1'] }).land).toEqual([]);
    const take = { id: 't', lane: 'music' as const, jobId: 'm1', label: 'x', createdAt: 1 };
    expect(planLanding(jobs, VIDEO, { ...recorded, takes: [{ ...take, offsetMs: 0 }] })).toEqual({
      land: [],
      skip: [],
    });
  });

  it('never lands a running, failed or canceled job', () => {
    const jobs = newestFirst(
      job('r', 'video_to_music', 'streaming', 100),
      job('f', 'video_to_sfx', 'failed', 200),
      job('c', 'video_to_sound', 'canceled', 300),
    );
    expect(planLanding(jobs, VIDEO, recorded)).toEqual({ land: [], skip: [] });
  });

  it('lands oldest first, and only the newest of several unlanded briefs', () => {
    const jobs = newestFirst(
      job('a1', 'video_analysis', 'succeeded', 100),
      job('m1', 'video_to_music', 'succeeded', 200),
      job('a2', 'video_analysis', 'succeeded', 300),
      job('s1', 'video_to_sfx', 'succeeded', 400),
    );
    const plan = planLanding(jobs, VIDEO, recorded);
    expect(plan.land.map((e) => [e.job.id, e.kind])).toEqual([
      ['m1', 'music'],
      ['a2', 'analyse'],
      ['s1', 'sfx'],
    ]);
    expect(plan.skip).toEqual(['a1']);
  });

  it('in a document without a record, counts what finished before its last save as landed', () => {
    const jobs = newestFirst(
      job('old-brief', 'video_analysis', 'succeeded', 100),
      job('new-take', 'video_to_music', 'succeeded', 1000),
    );
    const plan = planLanding(jobs, VIDEO, { landedJobIds: undefined, takes: [], savedAt: 500 });
    expect(plan.land.map((e) => e.job.id)).toEqual(['new-take']);
    expect(plan.skip).toEqual(['old-brief']);
  });

  it('applies a brief that was never applied, once there is a record', () => {
    const jobs = newestFirst(job('a1', 'video_analysis', 'succeeded', 100));
    expect(
      planLanding(jobs, VIDEO, { ...recorded, savedAt: 10_000 }).land.map((e) => e.job.id),
    ).toEqual(['a1']);
  });
});

describe('runningScoreJobs', () => {
  it('lists the Score jobs not yet final, newest first', () => {
    const jobs = newestFirst(
      job('q', 'video_to_sfx', 'queued', 300),
      job('s', 'video_to_music', 'streaming', 200),
      job('d', 'video_to_music', 'succeeded', 100),
      job('t', 'text_to_music', 'processing', 400),
    );
    expect(runningScoreJobs(jobs, VIDEO).map((e) => [e.job.id, e.kind])).toEqual([
      ['q', 'sfx'],
      ['s', 'music'],
    ]);
  });
});

describe('scoreJobFailure', () => {
  const failed = job('f', 'video_to_sfx', 'failed', 100, {
    error: {
      kind: 'upstream',
      code: 'x',
      message: 'The service failed; try again.',
      retryable: true,
    },
  });

  it('shows the newest job of a kind when it failed since the project opened', () => {
    expect(scoreJobFailure([failed], VIDEO, 'sfx', 50)).toEqual({
      jobId: 'f',
      message: 'The service failed; try again.',
    });
    expect(scoreJobFailure([failed], VIDEO, 'music', 50)).toBeUndefined();
  });

  it('forgets a failure from before the opening, or one a newer attempt replaced', () => {
    expect(scoreJobFailure([failed], VIDEO, 'sfx', 1000)).toBeUndefined();
    const retry = job('g', 'video_to_sfx', 'processing', 500);
    expect(scoreJobFailure(newestFirst(failed, retry), VIDEO, 'sfx', 50)).toBeUndefined();
  });
});

describe('withLanded', () => {
  it('adds each id once and keeps the newest when the record is full', () => {
    expect(withLanded(undefined, ['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(withLanded(['a'], ['a', 'c'])).toEqual(['a', 'c']);
    const full = Array.from({ length: LANDED_JOB_IDS_KEPT }, (_, i) => `j${i}`);
    const next = withLanded(full, ['new']);
    expect(next).toHaveLength(LANDED_JOB_IDS_KEPT);
    expect(next[0]).toBe('j1');
    expect(next.at(-1)).toBe('new');
  });
});
