import { describe, expect, it } from 'vitest';
import { taskAcceptedSchema, taskStatusSchema } from './responses';

// Shapes taken from docs/api-notes.md sections 2-6 (and the spec where the notes agree).
const TASK_ID = '4288764d-0057-4a77-885e-03c0391c7c1d';

describe('taskAcceptedSchema', () => {
  it('accepts the plain ack and defaults a missing status to processing', () => {
    expect(taskAcceptedSchema.parse({ task_id: TASK_ID, status: 'processing' }).status).toBe(
      'processing',
    );
    expect(taskAcceptedSchema.parse({ task_id: TASK_ID }).status).toBe('processing');
  });

  it('keeps the dubbing subtitle_preflight keyed by language', () => {
    const ack = taskAcceptedSchema.parse({
      task_id: TASK_ID,
      status: 'processing',
      subtitle_preflight: {
        es: { status: 'ok', cue_count: '5', issues: [], changes_count: 0, report_url: null },
      },
    });
    expect(Object.keys(ack.subtitle_preflight ?? {})).toEqual(['es']);
  });

  it('rejects an ack without a task id', () => {
    expect(taskAcceptedSchema.safeParse({ status: 'processing' }).success).toBe(false);
    expect(taskAcceptedSchema.safeParse({ task_id: '', status: 'processing' }).success).toBe(false);
  });
});

describe('taskStatusSchema', () => {
  const media = (url: string, content_type: string, file_size: number | string) => ({
    url,
    content_type,
    file_size,
  });

  it('accepts dubbing outputs as a language map with preflight and export reports (numbers as strings)', () => {
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'dubbing',
      outputs: { es: 'https://r.example/es.mp4', fr: 'https://r.example/fr.mp4' },
      subtitle_preflight: {
        es: {
          status: 'review_required',
          cue_count: '5',
          issues: ['line_shortened'],
          changes_count: '2',
          report_url: null,
        },
      },
      subtitle_export: {
        es: {
          status: 'exported_review_required',
          alignment_loss: '0.6305176995017312',
          error: null,
          issues: [],
          report_url: 'https://r.example/r.json',
        },
        fr: {
          status: 'blocked',
          alignment_loss: null,
          error: 'alignment failed',
          issues: ['x'],
          report_url: null,
        },
      },
      subtitles: { es: 'https://r.example/es.srt' },
      trial_preview: { preview_seconds: 15, trimmed: true, languages: 1 },
    });
    expect(task.outputs).toEqual({
      es: 'https://r.example/es.mp4',
      fr: 'https://r.example/fr.mp4',
    });
    expect(task.subtitle_preflight?.es?.cue_count).toBe(5);
    expect(task.subtitle_preflight?.es?.changes_count).toBe(2);
    expect((task as Record<string, unknown>).trial_preview).toMatchObject({ preview_seconds: 15 });
  });

  it('accepts sound outputs as a variant list with stems and top-level aliases', () => {
    const entry = {
      variant_index: 0,
      output_url: 'https://r.example/out.wav',
      output_type: 'audio',
      output_bytes: '123456',
      music: media('https://r.example/m.m4a', 'audio/mp4', 100),
      music_processed: media('https://r.example/mp.m4a', 'audio/mp4', 90),
      sfx: media('https://r.example/s.wav', 'audio/wav', 80),
    };
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'video_to_sound',
      output_url: entry.output_url,
      output_type: 'audio',
      output_bytes: 123456,
      music: entry.music,
      sfx: entry.sfx,
      outputs: [entry],
    });
    expect(Array.isArray(task.outputs)).toBe(true);
    expect((task.outputs as { output_bytes?: number }[])[0]?.output_bytes).toBe(123456);
  });

  it('accepts music audio as an array and sfx audio as a single object', () => {
    const music = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'text_to_music',
      audio: [
        {
          stream_index: 0,
          url: 'https://r.example/a.m4a',
          content_type: 'audio/mp4',
          file_size: 5,
          sample_rate: 44100,
          channels: 2,
        },
      ],
      title: { title: 'Dawn', summary: 's', display_tags: ['calm'] },
      mux: [
        {
          stream_index: 0,
          url: 'https://r.example/mux.mp4',
          content_type: 'audio/mp4',
          file_size: 9,
        },
      ],
      stems: [{ stream_index: 0, drums: media('https://r.example/d.wav', 'audio/wav', 1) }],
      stems_error: 'partial',
    });
    expect(Array.isArray(music.audio)).toBe(true);
    const sfx = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'text_to_sfx',
      audio: media('https://r.example/s.m4a', 'audio/mp4', '2048'),
    });
    expect(Array.isArray(sfx.audio)).toBe(false);
    expect((sfx.audio as { file_size?: number }).file_size).toBe(2048);
  });

  it('accepts video results with videos[] and the video alias', () => {
    const v = media('https://r.example/v.mp4', 'video/mp4', 10);
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'video_to_video_music',
      videos: [v],
      video: v,
    });
    expect(task.videos).toHaveLength(1);
  });

  it.each([
    [
      'an object keyed by language',
      {
        es: [{ cue: 3, code: 'high_text_speed', severity: 'warning', characters_per_second: 24.5 }],
      },
    ],
    ['an empty object', {}],
    ['an array (spec)', []],
    ['absent', undefined],
  ])('accepts proofread warnings as %s', (_label, warnings) => {
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'proofread',
      source_language: 'en',
      subtitles: { en: 'https://r.example/en.srt', es: 'https://r.example/es.srt' },
      cue_count: '12',
      duration_seconds: '92.5',
      ...(warnings === undefined ? {} : { warnings }),
    });
    expect(task.cue_count).toBe(12);
    expect(task.duration_seconds).toBe(92.5);
  });

  it('accepts a video-analysis brief in mode both', () => {
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'succeeded',
      type: 'video_analysis',
      mode: 'both',
      segments: [
        { start: 0, end: 4, prompt: 'calm pads' },
        { start: '4', end: '9', label: 'chorus', prompt: 'lift' },
      ],
      variations: [{ prompt: 'a' }, { prompt: 'b' }],
      sfx_segments: [{ start: 0, end: 9, label: 'none', prompt: 'door' }],
      sfx_prompt: 'foley',
      variants_num: 2,
      cost: 0.36,
    });
    expect(task.segments?.[0]?.label).toBe('none');
    expect(task.segments?.[1]?.start).toBe(4);
  });

  it('accepts a failed task with an error object or a bare string, and refunded', () => {
    const withObject = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'failed',
      error: { code: 'DUCKING_FAILED', message: 'DUCKING_FAILED: audio processing failed' },
      refunded: false,
    });
    expect(withObject.error).toEqual({
      code: 'DUCKING_FAILED',
      message: 'DUCKING_FAILED: audio processing failed',
    });
    const withString = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'failed',
      error: 'boom',
      refunded: true,
    });
    expect(withString.error).toEqual({ code: 'GENERATION_FAILED', message: 'boom' });
  });

  it('accepts a processing poll with no result fields and keeps unknown keys', () => {
    const task = taskStatusSchema.parse({
      task_id: TASK_ID,
      status: 'processing',
      type: 'dubbing',
      future_field: 1,
    });
    expect((task as Record<string, unknown>).future_field).toBe(1);
  });

  it.each([
    ['a missing task_id', { status: 'succeeded' }],
    ['an unknown status word', { task_id: TASK_ID, status: 'completed' }],
    ['a canceled status', { task_id: TASK_ID, status: 'canceled' }],
    ['a non-numeric size string', { task_id: TASK_ID, status: 'succeeded', output_bytes: 'lots' }],
    [
      'a media result without a url',
      { task_id: TASK_ID, status: 'succeeded', video: { content_type: 'video/mp4' } },
    ],
  ])('rejects %s', (_label, body) => {
    expect(taskStatusSchema.safeParse(body).success).toBe(false);
  });
});
