import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { EMPTY_SUBTITLES } from '../../../../shared/domain/project/subtitles-part';
import type { SubtitleRead } from '../../../../shared/domain/subtitles/file';
import { addReadFiles } from './import-script';
import { proofreadOpening } from './job-opening';

const read = (language: string | null, texts: string[], offsetMs = 0): SubtitleRead => ({
  format: 'srt',
  encoding: 'utf-8',
  encodingSure: true,
  encodingCandidates: [],
  preview: '',
  bytes: 100,
  cues: texts.map((text, i) => ({
    id: `c${i + 1}`,
    startMs: i * 2000 + offsetMs,
    endMs: i * 2000 + 1500,
    text,
  })),
  repairs: [],
  warnings: [],
  languageGuess: null,
  labelledLanguage: language,
  vtt: null,
});

describe('adding read files to the script', () => {
  it('makes the first language the source and pairs a translation by timing', () => {
    const part = addReadFiles(EMPTY_SUBTITLES, [
      { path: '/p/clip.en.srt', read: read('en', ['Hi', 'Bye']) },
      { path: '/p/clip.es.srt', read: read('es', ['Hola', 'Adiós'], 100) },
    ]);
    expect(part.sourceLanguage).toBe('en');
    expect(part.shown).toEqual(['en', 'es']);
    expect(part.languages['es']!.map((cue) => cue.id)).toEqual(['c1', 'c2']);
    expect(part.files).toEqual({ en: '/p/clip.en.srt', es: '/p/clip.es.srt' });
  });

  it('keeps a third language one click away and names an unlabelled one uniquely', () => {
    let part = addReadFiles(EMPTY_SUBTITLES, [
      { path: 'a', read: read('en', ['Hi']) },
      { path: 'b', read: read('es', ['Hola']) },
      { path: 'c', read: read('fr', ['Salut']) },
    ]);
    expect(part.shown).toEqual(['en', 'es']);
    expect(Object.keys(part.languages)).toEqual(['en', 'es', 'fr']);
    part = addReadFiles(part, [{ path: 'd', read: read(null, ['?']) }]);
    expect(Object.keys(part.languages)).toContain('und');
  });
});

describe('reading the source again', () => {
  it('keeps translations beside cues of the same timing and re-keys VTT cue settings', () => {
    const first = addReadFiles(EMPTY_SUBTITLES, [
      { path: '/p/clip.en.srt', read: read('en', ['Hi', 'Bye']) },
      { path: '/p/clip.es.srt', read: read('es', ['Hola', 'Adiós']) },
    ]);
    const revised: SubtitleRead = {
      ...read('en', ['Hi', 'Bye']),
      format: 'vtt',
      cues: [
        { id: 'c1', startMs: 0, endMs: 900, text: 'Hi there' },
        { id: 'c2', startMs: 900, endMs: 1500, text: 'New' },
        { id: 'c3', startMs: 2000, endMs: 3000, text: 'Bye now' },
      ],
      vtt: { header: 'WEBVTT', blocks: [], cueSettings: { c2: 'align:start', c3: 'line:0' } },
    };
    const part = addReadFiles(first, [{ path: '/p/clip.en.vtt', read: revised }]);
    const en = part.languages['en']!;
    const es = part.languages['es']!;
    const partner = (id: string) => es.find((cue) => cue.id === id)?.text;
    expect(en.map((cue) => [cue.text, partner(cue.id)])).toEqual([
      ['Hi there', 'Hola'],
      ['New', undefined],
      ['Bye now', 'Adiós'],
    ]);
    expect(part.vtt['en']!.cueSettings).toEqual({
      [en[1]!.id]: 'align:start',
      [en[2]!.id]: 'line:0',
    });
  });
});

describe('opening a proofread job', () => {
  const job = {
    id: 'j1',
    request: {
      type: 'proofread',
      delivery: 'async',
      fields: {},
      files: { video: '/v/clip.mp4' },
      label: '',
    },
    stage: 'succeeded',
    createdAt: 0,
    updatedAt: 0,
    attempts: 1,
    files: [
      { path: '/p/es.srt', role: 'subtitles.es' },
      { path: '/p/en.srt', role: 'subtitles.en' },
    ],
    result: {
      source_language: 'en',
      warnings: [{ language: 'es', cue: 2, message: 'Reading speed is high' }, 'noise'],
    },
  } as unknown as Job;

  it('reads the source file first, takes the video and maps warnings to cue ids', () => {
    const opening = proofreadOpening(job);
    expect(opening.videoPath).toBe('/v/clip.mp4');
    expect(opening.subtitlePaths).toEqual(['/p/en.srt', '/p/es.srt']);
    const part = addReadFiles(EMPTY_SUBTITLES, [
      { path: '/p/en.srt', read: read('en', ['Hi', 'Bye']) },
      { path: '/p/es.srt', read: read('es', ['Hola', 'Adiós']) },
    ]);
    expect(opening.warnings(part)).toEqual([
      { cueId: 'c2', language: 'es', message: 'Reading speed is high' },
    ]);
  });
});
