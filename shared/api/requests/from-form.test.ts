import { describe, expect, it } from 'vitest';
import { requestFromForm, wirePath } from './from-form';
import { parseTaskRequest, toFormFields } from './registry';

describe('requestFromForm', () => {
  it('reads toFormFields output back into the same request', () => {
    const request = parseTaskRequest('dubbing', {
      video: '/p/clip.mp4',
      languages: ['es', 'fr'],
      subtitles: { es: { file: '/p/es.srt' }, fr: { url: 'https://x.example/fr.vtt' } },
      export_srt: true,
    });
    if (!request.ok) throw new Error(JSON.stringify(request.error));
    const { input, problems } = requestFromForm('dubbing', toFormFields('dubbing', request.value));
    expect(problems).toEqual([]);
    expect(parseTaskRequest('dubbing', input)).toEqual(request);
  });

  it('types wire text: booleans, numbers, segments and languages', () => {
    const { input } = requestFromForm('text_to_music', {
      fields: {
        prompt: 'p',
        duration: '30',
        mode: 'async',
        segments: '[{"start": 0, "end": 30, "prompt": "a"}]',
      },
      files: {},
    });
    expect(input).toEqual({
      prompt: 'p',
      duration: 30,
      mode: 'async',
      segments: [{ start: 0, end: 30, prompt: 'a' }],
    });
    expect(
      requestFromForm('video_to_sound', { fields: { ducking: 'true' }, files: { video: '/v.mp4' } })
        .input,
    ).toEqual({ ducking: true, video: '/v.mp4' });
  });

  it('reports what only wire form can get wrong, and drops fields the schema does not know', () => {
    const { input, problems } = requestFromForm('dubbing', {
      fields: { languages: 'es,fr', 'subtitles[es': 'https://x.example/es.srt', colour: 'blue' },
      files: { video: '/v.mp4' },
    });
    expect(input).toEqual({ video: '/v.mp4' });
    expect(problems.map((p) => p.path)).toEqual(['languages', 'subtitles[es']);
  });

  it('places schema issues where the form shows them', () => {
    expect(wirePath(['segments', 2, 'end'])).toBe('segments.2.end');
    expect(wirePath(['subtitles', 'es', 'file'])).toBe('subtitles[es]');
    expect(wirePath(['languages', 1])).toBe('languages');
    expect(wirePath([])).toBe('');
  });
});
