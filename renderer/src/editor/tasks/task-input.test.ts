import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/api/limits';
import {
  billingUnits,
  buildTaskJob,
  checkTask,
  initialValues,
  withLocalEngineValues,
  taskLabel,
  type TaskValues,
} from './task-input';
import { wireFormOf } from '../../../../shared/domain/jobs/test-helpers';
import { DUBBING_TASK, PROOFREAD_TASK } from './language-tasks';
import { SCORE_TASKS } from './score-tasks';
import type { TaskSpec } from './task-specs';

const spec = (type: string): TaskSpec => SCORE_TASKS.find((s) => s.type === type)!;
const withValues = (s: TaskSpec, patch: TaskValues) => ({ ...initialValues(s), ...patch });

describe('task forms', () => {
  it('builds a text-to-sfx job with every setting explicit', () => {
    const s = spec('text_to_sfx');
    const values = withValues(s, { prompt: 'door slam', duration: '4' });
    const check = checkTask(s, values);
    expect(check.blocker).toBeUndefined();
    const job = wireFormOf(buildTaskJob(s, check.request!, taskLabel(s, values)));
    expect(job).toEqual({
      type: 'text_to_sfx',
      delivery: 'async',
      fields: { prompt: 'door slam', duration: '4', audio_format: 'aac' },
      files: {},
      label: 'Text to sound effects: door slam',
    });
  });

  it('requires exactly one source and reports it at the file field', () => {
    const s = spec('video_to_sfx');
    expect(checkTask(s, initialValues(s)).problems.get('video')?.[0]).toMatch(
      /Choose a video file or enter a video URL/,
    );
    const both = checkTask(
      s,
      withValues(s, { video: '/p/a.mp4', video_url: 'https://x.test/a.mp4' }),
    );
    expect(both.problems.get('video')?.[0]).toMatch(/not both/);
  });

  it('drops async-only settings from a stream and keeps them for async', () => {
    const s = spec('video_to_music');
    const stream = checkTask(
      s,
      withValues(s, { video: '/p/a.mp4', preserve_speech: true, output_format: 'wav' }),
    );
    expect(stream.blocker).toBeUndefined();
    const streamJob = wireFormOf(buildTaskJob(s, stream.request!, 'x'));
    expect(streamJob.delivery).toBe('stream');
    expect(streamJob.fields).toEqual({ mode: 'stream', prompt_influence: '0.5' });
    expect(streamJob.files).toEqual({ video: '/p/a.mp4' });
    const async = checkTask(
      s,
      withValues(s, {
        mode: 'async',
        video: '/p/a.mp4',
        preserve_speech: true,
        output_format: 'wav',
      }),
    );
    expect(wireFormOf(buildTaskJob(s, async.request!, 'x')).fields).toMatchObject({
      mode: 'async',
      output_format: 'wav',
      preserve_speech: 'true',
      ducking: 'false',
    });
  });

  it('puts segment problems at their rows and media problems at the file', () => {
    const s = spec('video_to_sfx');
    const values = withValues(s, {
      video: '/p/a.mp4',
      segments: {
        enabled: true,
        rows: [
          { id: 'a', start: '0', end: '5', prompt: 'x' },
          { id: 'b', start: '6', end: '9', prompt: 'y' },
        ],
      },
    });
    expect(checkTask(s, values).segmentProblems.get(1)?.[0]?.field).toBe('start');
    const ok = withValues(s, { video: '/p/a.mp4' });
    const long = checkTask(s, ok, {
      video: { durationSeconds: 200, hasAudio: true, hasVideo: true },
    });
    expect(long.problems.get('video')?.[0]).toMatch(/at most 180 s/);
    expect(long.request).toBeUndefined();
  });

  it('sends dubbing languages as JSON and scripts as subtitles[<lang>] parts', () => {
    const values = withValues(DUBBING_TASK, {
      video: '/p/clip.mp4',
      languages: ['es'],
      subtitles: { es: '/p/clip.es.srt' },
      export_srt: true,
    });
    const check = checkTask(DUBBING_TASK, values);
    expect(check.blocker).toBeUndefined();
    const job = wireFormOf(
      buildTaskJob(DUBBING_TASK, check.request!, taskLabel(DUBBING_TASK, values)),
    );
    expect(job.fields).toEqual({
      languages: '["es"]',
      ducking: 'false',
      lipsync: 'true',
      export_srt: 'true',
    });
    expect(job.files).toEqual({ video: '/p/clip.mp4', 'subtitles[es]': '/p/clip.es.srt' });
    expect(job.label).toBe('Dubbing: clip.mp4');
    const mismatch = checkTask(
      DUBBING_TASK,
      withValues(DUBBING_TASK, {
        video: '/p/clip.mp4',
        languages: ['es', 'fr'],
        subtitles: { es: '/p/a.srt' },
      }),
    );
    expect(mismatch.problems.get('subtitles')?.[0]).toMatch(/missing scripts for fr/);
  });

  it('lets proofread ask for the transcript only and refuses http URLs', () => {
    const values = withValues(PROOFREAD_TASK, { video_url: 'https://cdn.test/talk.mp4' });
    const job = wireFormOf(
      buildTaskJob(PROOFREAD_TASK, checkTask(PROOFREAD_TASK, values).request!, 'p'),
    );
    expect(job.fields).toEqual({ video_url: 'https://cdn.test/talk.mp4', languages: '[]' });
    const http = checkTask(
      PROOFREAD_TASK,
      withValues(PROOFREAD_TASK, { video_url: 'http://cdn.test/talk.mp4' }),
    );
    expect(http.problems.get('video_url')?.[0]).toMatch(/https/);
  });

  it('checks integer ranges from the shared limits', () => {
    const s = spec('video_analysis');
    const check = checkTask(
      s,
      withValues(s, { video: '/p/a.mp4', variants_num: String(LIMITS.variantsNum.max + 1) }),
    );
    expect(check.problems.get('variants_num')?.[0]).toMatch(/at most/);
  });
});

describe('billingUnits', () => {
  it('bills sfx on its duration, video tasks on the probed video, and counts languages and variants', () => {
    const sfx = spec('text_to_sfx');
    expect(billingUnits(sfx, withValues(sfx, { duration: '7' }), {})).toEqual({
      type: 'text_to_sfx',
      seconds: 7,
    });
    const facts = { video: { durationSeconds: 42 } };
    expect(
      billingUnits(
        DUBBING_TASK,
        withValues(DUBBING_TASK, { video: '/v.mp4', languages: ['es', 'fr'] }),
        facts,
      ),
    ).toEqual({
      type: 'dubbing',
      seconds: 42,
      languages: 2,
      scripts: false,
    });
    const analysis = spec('video_analysis');
    expect(
      billingUnits(analysis, withValues(analysis, { video: '/v.mp4', variants_num: '3' }), facts)
        ?.variants,
    ).toBe(3);
    expect(
      billingUnits(
        PROOFREAD_TASK,
        withValues(PROOFREAD_TASK, { video_url: 'https://x.test/v.mp4' }),
        {},
      ),
    ).toBeUndefined();
  });
});

describe('withLocalEngineValues', () => {
  it('turns lip-sync off for the local engine, whatever the draft says', () => {
    const values = { ...initialValues(DUBBING_TASK), lipsync: true };
    expect(withLocalEngineValues(DUBBING_TASK, values).lipsync).toBe(false);
    expect(values.lipsync).toBe(true);
  });
});
