import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../languages';
import { parseTaskRequest } from './registry';
import { expectRefused, formOf } from './test-helpers';

describe('dubbing request', () => {
  it('sends the default languages and every boolean explicitly', () => {
    expect(formOf('dubbing', { video: '/m/clip.mp4' })).toEqual({
      fields: {
        languages: '["zh_cn","es","fr"]',
        ducking: 'false',
        lipsync: 'true',
        export_srt: 'false',
      },
      files: { video: '/m/clip.mp4' },
    });
  });

  it('renders scripts as subtitles[<lang>] file parts or URL fields', () => {
    const form = formOf('dubbing', {
      video_url: 'https://cdn.example/clip.mp4',
      languages: ['es', 'pt_br'],
      lipsync: false,
      ducking: true,
      subtitles: {
        es: { file: '/m/clip.es.SRT' },
        pt_br: { url: 'https://cdn.example/clip.pt_br.vtt' },
      },
      export_srt: true,
    });
    expect(form).toEqual({
      fields: {
        video_url: 'https://cdn.example/clip.mp4',
        languages: '["es","pt_br"]',
        ducking: 'true',
        lipsync: 'false',
        'subtitles[pt_br]': 'https://cdn.example/clip.pt_br.vtt',
        export_srt: 'true',
      },
      files: { 'subtitles[es]': '/m/clip.es.SRT' },
    });
  });

  it('accepts every supported language code', () => {
    expect(
      parseTaskRequest('dubbing', { video: '/a.mp4', languages: [...LANGUAGE_CODES] }).ok,
    ).toBe(true);
  });

  const script = { file: '/s/es.srt' };
  it.each([
    ['neither video nor URL', { languages: ['es'] }, 'video'],
    ['both video and URL', { video: '/a.mp4', video_url: 'https://x.example/a.mp4' }, 'video'],
    ['a plain http URL', { video_url: 'http://x.example/a.mp4' }, 'video_url'],
    ['an empty language list', { video: '/a.mp4', languages: [] }, 'languages'],
    ['an unsupported code', { video: '/a.mp4', languages: ['es', 'xx'] }, 'languages.1'],
    ['a near-miss code', { video: '/a.mp4', languages: ['zh-CN'] }, 'languages.0'],
    ['a repeated language', { video: '/a.mp4', languages: ['es', 'es'] }, 'languages'],
    [
      'a script for a language not requested',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: script, fr: { file: '/s/fr.srt' } } },
      'subtitles',
    ],
    [
      'a missing script for a requested language',
      { video: '/a.mp4', languages: ['es', 'fr'], subtitles: { es: script } },
      'subtitles',
    ],
    [
      'scripts against the default languages',
      { video: '/a.mp4', subtitles: { es: script } },
      'subtitles',
    ],
    [
      'a script keyed by an unsupported code',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: script, 'zh-CN': script } },
      'subtitles.zh-CN',
    ],
    [
      'a script that is not .srt or .vtt',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: { file: '/s/es.txt' } } },
      'subtitles.es.file',
    ],
    [
      'a script file without a name',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: { file: '' } } },
      'subtitles.es.file',
    ],
    [
      'a script URL over http',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: { url: 'http://x.example/es.srt' } } },
      'subtitles.es.url',
    ],
    [
      'a bare script string',
      { video: '/a.mp4', languages: ['es'], subtitles: { es: '/s/es.srt' } },
      'subtitles.es',
    ],
    [
      'export_srt without scripts',
      { video: '/a.mp4', languages: ['es'], export_srt: true },
      'export_srt',
    ],
    ['a non-boolean lipsync', { video: '/a.mp4', lipsync: 'false' }, 'lipsync'],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('dubbing', input, path);
  });

  it('names the missing and extra languages', () => {
    const parsed = parseTaskRequest('dubbing', {
      video: '/a.mp4',
      languages: ['es', 'fr'],
      subtitles: { es: { file: '/s/es.srt' }, de: { file: '/s/de.srt' } },
    });
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : parsed.error.find((p) => p.path === 'subtitles')?.message;
    expect(message).toContain('missing scripts for fr');
    expect(message).toContain('not requested: de');
  });
});

describe('proofread request', () => {
  it('sends an empty language list for a transcript and omits an unset source language', () => {
    expect(formOf('proofread', { video: '/a.mp4' })).toEqual({
      fields: { languages: '[]' },
      files: { video: '/a.mp4' },
    });
  });

  it('renders targets and the source-language hint', () => {
    expect(
      formOf('proofread', {
        video_url: 'https://x.example/a.mp4',
        languages: ['fr', 'es_419'],
        source_language: 'en',
      }),
    ).toEqual({
      fields: {
        video_url: 'https://x.example/a.mp4',
        languages: '["fr","es_419"]',
        source_language: 'en',
      },
      files: {},
    });
  });

  it.each([
    ['neither video nor URL', {}, 'video'],
    ['both video and URL', { video: '/a.mp4', video_url: 'https://x.example/a.mp4' }, 'video'],
    ['a plain http URL', { video_url: 'http://x.example/a.mp4' }, 'video_url'],
    ['an unsupported target', { video: '/a.mp4', languages: ['klingon'] }, 'languages.0'],
    ['a repeated target', { video: '/a.mp4', languages: ['fr', 'fr'] }, 'languages'],
    [
      'an unsupported source hint',
      { video: '/a.mp4', source_language: 'en-US' },
      'source_language',
    ],
    ['languages given as JSON text', { video: '/a.mp4', languages: '["fr"]' }, 'languages'],
  ])('refuses %s', (_label, input, path) => {
    expectRefused('proofread', input, path);
  });
});
