import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/api/limits';
import {
  billingUnits,
  buildTaskJob,
  checkTask,
  initialValues,
  type TaskValues,
} from './task-input';
import { wireFormOf } from '../../../../shared/domain/jobs/test-helpers';
import { SCORE_TASKS } from './score-tasks';
import { helpWithDefault, type TaskSpec } from './task-specs';

/**
 * Every option each endpoint defines reaches the request (docs/api-notes.md 6.1–6.8), starts on
 * the service's default, and a value out of range stops at its field with nothing to send.
 */
const spec = (type: string): TaskSpec => SCORE_TASKS.find((s) => s.type === type)!;
const fieldsOf = (type: string, patch: TaskValues) => {
  const s = spec(type);
  const check = checkTask(s, { ...initialValues(s), video: '/p/clip.mp4', ...patch });
  expect(check.blocker).toBeUndefined();
  return wireFormOf(buildTaskJob(s, check.request!, 'x')).fields;
};
const problemAt = (type: string, patch: TaskValues, field: string) => {
  const s = spec(type);
  const check = checkTask(s, { ...initialValues(s), video: '/p/clip.mp4', ...patch });
  expect(check.request).toBeUndefined();
  return check.problems.get(field)?.[0];
};

describe('video-to-music options', () => {
  it('starts on the service defaults and sends prompt_influence on a stream', () => {
    const values = initialValues(spec('video_to_music'));
    expect(values).toMatchObject({ prompt_influence: '0.5', variants_num: '1', stems: false });
    expect(fieldsOf('video_to_music', { prompt_influence: '0' })).toEqual({
      mode: 'stream',
      prompt_influence: '0',
    });
  });

  it('sends variants_num and stems with async delivery', () => {
    expect(
      fieldsOf('video_to_music', { mode: 'async', variants_num: '3', stems: true }),
    ).toMatchObject({ mode: 'async', variants_num: '3', stems: 'true', prompt_influence: '0.5' });
  });

  it('leaves the async-only variants off a stream rather than refusing the form', () => {
    const fields = fieldsOf('video_to_music', { variants_num: '4' });
    expect(fields.variants_num).toBeUndefined();
  });

  it('stops a prompt_influence out of 0–1 at its field', () => {
    expect(problemAt('video_to_music', { prompt_influence: '1.5' }, 'prompt_influence')).toMatch(
      /from 0 to 1/,
    );
    expect(problemAt('video_to_music', { prompt_influence: '' }, 'prompt_influence')).toMatch(
      /from 0 to 1/,
    );
    expect(
      problemAt('video_to_music', { mode: 'async', variants_num: '11' }, 'variants_num'),
    ).toMatch(/from 1 to 10/);
  });
});

describe('video-to-video-music options', () => {
  it('sends segments, prompt_influence, keep_original_sound, ducking and variants_num', () => {
    expect(
      fieldsOf('video_to_video_music', {
        segments: { enabled: true, rows: [{ id: 'a', start: '0', end: '4', prompt: 'calm' }] },
        prompt_influence: '0.8',
        keep_original_sound: true,
        ducking: true,
        variants_num: '2',
      }),
    ).toEqual({
      segments: '[{"start":0,"end":4,"prompt":"calm"}]',
      prompt_influence: '0.8',
      keep_original_sound: 'true',
      preserve_speech: 'false',
      ducking: 'true',
      variants_num: '2',
    });
  });

  it('stops a bad variant count at its field', () => {
    expect(problemAt('video_to_video_music', { variants_num: '0' }, 'variants_num')).toMatch(
      /from 1 to 10/,
    );
    expect(problemAt('video_to_video_music', { variants_num: '2.5' }, 'variants_num')).toMatch(
      /whole number/,
    );
  });
});

describe('video-to-sound options', () => {
  it('sends output_format (wav by default) and variants_num', () => {
    expect(fieldsOf('video_to_sound', {})).toMatchObject({
      output_format: 'wav',
      variants_num: '1',
    });
    expect(fieldsOf('video_to_sound', { output_format: 'mp3', variants_num: '10' })).toMatchObject({
      output_format: 'mp3',
      variants_num: '10',
    });
    expect(fieldsOf('video_to_sound', {}).keep_original_sound).toBeUndefined();
  });

  it('video-to-video-sound sends keep_original_sound and variants_num', () => {
    expect(
      fieldsOf('video_to_video_sound', { keep_original_sound: true, variants_num: '2' }),
    ).toEqual({
      keep_original_sound: 'true',
      preserve_speech: 'false',
      ducking: 'false',
      variants_num: '2',
    });
  });
});

describe('what the options cost and say', () => {
  it('bills every variant of a task, and a stream as one take', () => {
    const facts = { video: { durationSeconds: 12 } };
    const sound = spec('video_to_sound');
    expect(
      billingUnits(sound, { ...initialValues(sound), video: '/v.mp4', variants_num: '3' }, facts),
    ).toEqual({ type: 'video_to_sound', seconds: 12, variants: 3 });
    const music = spec('video_to_music');
    expect(
      billingUnits(music, { ...initialValues(music), video: '/v.mp4', variants_num: '3' }, facts)
        ?.variants ?? 1,
    ).toBe(1);
  });

  it('states the service default in the help of every option that has one', () => {
    const influence = spec('video_to_music').fields.find(
      (f) => f.kind === 'number' && f.name === 'prompt_influence',
    )!;
    expect(helpWithDefault(influence)).toContain(
      `Service default: ${LIMITS.promptInfluence.default}.`,
    );
    const keep = spec('video_to_video_music').fields.find(
      (f) => f.kind === 'boolean' && f.name === 'keep_original_sound',
    )!;
    expect(helpWithDefault(keep)).toContain('Service default: off.');
    const duration = spec('text_to_sfx').fields.find(
      (f) => f.kind === 'integer' && f.name === 'duration',
    )!;
    expect(helpWithDefault(duration)).toBeUndefined();
  });
});
