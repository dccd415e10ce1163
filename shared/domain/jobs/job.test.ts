import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isTerminal,
  JOB_STAGES,
  jobRequestSchema,
  jobSchema,
  resumeStage,
  type JobStage,
} from './job';

/** The allowed moves, written out independently of the implementation's table. */
const ALLOWED: [JobStage, JobStage][] = [
  ['queued', 'submitting'],
  ['queued', 'failed'],
  ['queued', 'canceled'],
  ['submitting', 'uploading'],
  ['submitting', 'submitted'],
  ['submitting', 'streaming'],
  ['submitting', 'queued'],
  ['submitting', 'failed'],
  ['submitting', 'canceled'],
  ['uploading', 'submitted'],
  ['uploading', 'streaming'],
  ['uploading', 'queued'], // a rate-limited POST goes back to wait its turn
  ['uploading', 'failed'],
  ['uploading', 'canceled'],
  ['submitted', 'processing'],
  ['submitted', 'downloading'],
  ['submitted', 'failed'],
  ['submitted', 'canceled'],
  ['processing', 'processing'],
  ['processing', 'downloading'],
  ['processing', 'failed'],
  ['processing', 'canceled'],
  ['streaming', 'streaming'],
  ['streaming', 'succeeded'],
  ['streaming', 'failed'],
  ['streaming', 'canceled'],
  ['downloading', 'downloading'],
  ['downloading', 'succeeded'],
  ['downloading', 'failed'],
  ['downloading', 'canceled'],
  ['failed', 'queued'],
  ['canceled', 'queued'],
];
const isAllowed = (from: JobStage, to: JobStage) =>
  ALLOWED.some(([a, b]) => a === from && b === to);

describe('job state machine', () => {
  const pairs = JOB_STAGES.flatMap((from) => JOB_STAGES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s matches the table', (from, to) => {
    expect(canTransition(from, to)).toBe(isAllowed(from, to));
  });

  it('never leaves succeeded, and never skips from a POSTed stage back to uploading', () => {
    for (const to of JOB_STAGES) expect(canTransition('succeeded', to)).toBe(false);
    for (const from of ['submitted', 'processing', 'downloading', 'streaming'] as const) {
      expect(canTransition(from, 'uploading')).toBe(false);
      expect(canTransition(from, 'submitting')).toBe(false);
      expect(canTransition(from, 'queued')).toBe(false);
      expect(canTransition(from, 'submitted')).toBe(false);
    }
  });

  it('reaches a POST only through submitting, which the ledger holds before the POST starts', () => {
    for (const from of ['queued', 'failed', 'canceled'] as const)
      for (const posted of ['uploading', 'submitted', 'streaming'] as const)
        expect(canTransition(from, posted)).toBe(false);
  });

  it('marks exactly succeeded, failed and canceled as terminal', () => {
    expect(JOB_STAGES.filter(isTerminal)).toEqual(['succeeded', 'failed', 'canceled']);
  });
});

describe('resumeStage after a restart', () => {
  it.each<[JobStage, boolean, JobStage]>([
    ['queued', false, 'queued'],
    ['submitting', false, 'failed'],
    ['uploading', false, 'failed'],
    ['submitted', true, 'processing'],
    ['processing', true, 'processing'],
    ['downloading', true, 'downloading'],
    ['streaming', false, 'failed'],
    ['succeeded', true, 'succeeded'],
    ['failed', false, 'failed'],
    ['canceled', true, 'canceled'],
  ])('%s (task id: %s) resumes as %s', (stage, hasTaskId, expected) => {
    expect(resumeStage(stage, hasTaskId)).toBe(expected);
  });

  it('re-sends a job caught before its task id only with its key, to a service that honours it', () => {
    expect(resumeStage('submitting', false, true)).toBe('submitting');
    expect(resumeStage('uploading', false, true)).toBe('submitting');
    expect(resumeStage('streaming', false, true)).toBe('failed');
    expect(resumeStage('submitting', true, true)).toBe('processing');
  });

  it('never resubmits as new: no stage that may have reached the server goes back to queued or uploading', () => {
    for (const stage of JOB_STAGES) {
      for (const hasTaskId of [true, false]) {
        for (const withKey of [true, false]) {
          const next = resumeStage(stage, hasTaskId, withKey);
          expect(next).not.toBe('uploading');
          expect(next).not.toBe('submitted');
          if (stage !== 'queued') expect(next).not.toBe('queued');
          if (!withKey || hasTaskId) expect(next).not.toBe('submitting');
        }
      }
      // From a consistent state (task ids exist from submitted on), the resumed stage is the
      // same one or a legal move from it.
      const consistentHasTaskId = ['submitted', 'processing', 'downloading'].includes(stage);
      const next = resumeStage(stage, consistentHasTaskId);
      expect(next === stage || canTransition(stage, next)).toBe(true);
    }
  });

  it('polls a job whose task id was saved before its stage moved on, and fails a cut stream', () => {
    expect(resumeStage('uploading', true)).toBe('processing');
    expect(resumeStage('streaming', true)).toBe('failed');
  });
});

describe('job schemas', () => {
  const request = {
    type: 'dubbing',
    delivery: 'async',
    fields: { languages: '["es"]', lipsync: 'true' },
    files: { video: '/tmp/clip.mp4' },
    label: 'Dub clip.mp4',
  };

  it('fills the defaults of a new job', () => {
    const job = jobSchema.parse({ id: 'j1', request, stage: 'queued', createdAt: 1, updatedAt: 1 });
    expect(job.attempts).toBe(0);
    expect(job.files).toEqual([]);
  });

  it.each([
    ['an unknown task type', { ...request, type: 'text_to_speech' }],
    ['an unknown delivery', { ...request, delivery: 'webhook' }],
    ['an empty file path', { ...request, files: { video: '' } }],
    ['a label over 200 characters', { ...request, label: 'x'.repeat(201) }],
  ])('rejects a request with %s', (_label, bad) => {
    expect(jobRequestSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects an unknown stage', () => {
    expect(
      jobSchema.safeParse({ id: 'j1', request, stage: 'paused', createdAt: 1, updatedAt: 1 })
        .success,
    ).toBe(false);
  });
});
