import { describe, expect, it } from 'vitest';
import { taskJob, taskJobSchema, toJobRequest } from './task-job';

const issuesOf = (job: unknown) => {
  const parsed = taskJobSchema.safeParse(job);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('task jobs', () => {
  it('builds the form once from the typed request, every default filled in', () => {
    const job = taskJobSchema.parse(
      taskJob(
        'dubbing',
        { video: '/p/clip.mp4', languages: ['es'], subtitles: { es: { file: '/p/clip.es.srt' } } },
        'Dubbing: clip.mp4',
      ),
    );
    expect(toJobRequest(job)).toEqual({
      type: 'dubbing',
      delivery: 'async',
      fields: { languages: '["es"]', ducking: 'false', lipsync: 'true', export_srt: 'false' },
      files: { video: '/p/clip.mp4', 'subtitles[es]': '/p/clip.es.srt' },
      label: 'Dubbing: clip.mp4',
    });
    const stream = taskJobSchema.parse(
      taskJob('text_to_music', { prompt: 'rain', duration: 5 }, 'x'),
    );
    expect(toJobRequest(stream)).toMatchObject({
      delivery: 'stream',
      fields: { prompt: 'rain', duration: '5', mode: 'stream' },
    });
  });

  it('refuses at the door what the service would refuse, naming the field', () => {
    const music = { type: 'video_to_music', label: 'x' };
    expect(
      issuesOf({ ...music, request: { video: '/p/a.mp4', mode: 'stream', ducking: true } }),
    ).toEqual(['request.ducking']);
    // Strict: a field or file part the endpoint does not take is not quietly dropped.
    expect(
      issuesOf({
        type: 'text_to_sfx',
        label: 'x',
        request: { prompt: 'p', duration: 2, mode: 'stream' },
      }),
    ).toEqual(['request']);
    expect(
      issuesOf({
        type: 'audio_ducking',
        label: 'x',
        request: { voice_file: '/a.wav', music_file: '/b.wav', extra: '/c.wav' },
      }),
    ).toEqual(['request']);
    expect(
      issuesOf({ type: 'dubbing', label: 'x', request: { video_url: 'http://x.test/a.mp4' } }),
    ).toEqual(['request.video_url']);
    expect(issuesOf({ type: 'nothing', label: 'x', request: {} })).toEqual(['type']);
    expect(
      issuesOf({
        type: 'text_to_music',
        label: 'y'.repeat(201),
        request: { prompt: 'p', duration: 5 },
      }),
    ).toEqual(['label']);
  });

  it('cuts a long label to what the Jobs list keeps', () => {
    expect(
      taskJob('text_to_music', { prompt: 'p', duration: 5 }, 'z'.repeat(300)).label,
    ).toHaveLength(200);
  });
});
