import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  festivalSpeech,
  makeTempDir,
  spanishSpeechVideo,
  videoWithAudio,
  wordErrorRate,
} from '../speech/__tests__/media-fixtures';
import { checkDeclaredLanguage } from '../../shared/domain/subtitles/language';
import { parseSubtitleText } from '../../shared/node/subtitles/parse';
import { makeTestVideo } from '../testing/media';
import { startTestEngine, type TestEngine } from '../testing/harness';
import { hasApertium, hasFestivalEnglish, hasPocketsphinxEnglish } from '../testing/optional-tools';

const TEXT =
  'Hello and welcome to our short video. Today we will talk about the weather in the mountains.';

let engine: TestEngine;
let dir = '';
let cleanup = async () => undefined as void;
let english = '';

beforeAll(async () => {
  engine = await startTestEngine();
  ({ dir, cleanup } = await makeTempDir('proofread-contract-'));
  english = await videoWithAudio(dir, await festivalSpeech(dir, TEXT), 8, 'english.mp4');
});
afterAll(async () => {
  await engine.close();
  await cleanup();
});

async function balance(): Promise<number> {
  return Number((await engine.get('/v1/account/services')).body.balance);
}

describe('POST /v1/proofread', () => {
  it.skipIf(!hasFestivalEnglish || !hasPocketsphinxEnglish || !hasApertium)(
    'transcribes English speech and translates it, one downloadable .srt per language (needs Festival, PocketSphinx and Apertium)',
    async () => {
      const ack = await engine.post('/v1/proofread', { languages: '["es"]' }, { video: english });
      expect(ack.status).toBe(202);
      expect(Object.keys(ack.body).sort()).toEqual(['status', 'task_id']);
      const task = await engine.pollTask(ack.body.task_id);
      expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
      expect(task.type).toBe('proofread');
      expect(task.source_language).toBe('en');
      expect(Object.keys(task.subtitles).sort()).toEqual(['en', 'es']);
      expect(task.duration_seconds).toBeCloseTo(8, 0);
      expect(typeof task.warnings).toBe('object');
      expect(task.audio).toBeUndefined();
      expect(task.output_url).toBeUndefined();

      const texts: Record<string, string> = {};
      for (const code of ['en', 'es']) {
        const url: string = task.subtitles[code];
        expect(new URL(url).pathname).toMatch(/\.srt$/);
        const path = join(dir, `proofread-${code}.srt`);
        expect((await download(url, path)).status).toBe(200);
        const parsed = parseSubtitleText(await readFile(path, 'utf8'), 'srt');
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(parsed.value.repairs).toEqual([]);
        const { cues } = parsed.value;
        expect(cues.length).toBe(task.cue_count);
        texts[code] = cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ');
      }
      expect(wordErrorRate(TEXT, texts.en ?? '')).toBeLessThan(0.25);
      expect(checkDeclaredLanguage(texts.es ?? '', 'es')).toMatchObject({
        matches: true,
        detected: 'es',
      });
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'answers with the transcript only for languages [] (needs PocketSphinx)',
    async () => {
      const ack = await engine.post(
        '/v1/proofread',
        { languages: '[]', source_language: 'en' },
        { video: english },
      );
      const task = await engine.pollTask(ack.body.task_id);
      expect(task.status).toBe('succeeded');
      expect(Object.keys(task.subtitles)).toEqual(['en']);
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'fails non-English speech with TRANSCRIPTION_FAILED and refunds it (needs PocketSphinx)',
    async () => {
      const video = await spanishSpeechVideo(dir);
      const before = await balance();
      const task = await engine.pollTask(
        (await engine.post('/v1/proofread', {}, { video })).body.task_id,
      );
      expect(task.status).toBe('failed');
      expect(task.error.code).toBe('TRANSCRIPTION_FAILED');
      expect(task.error.message).toMatch(/English speech only/);
      expect(task.refunded).toBe(true);
      expect(await balance()).toBeCloseTo(before, 6);
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'fails a video without speech with TRANSCRIPTION_EMPTY (needs PocketSphinx)',
    async () => {
      const video = await videoWithAudio(dir, null, 5, 'silent.mp4');
      const task = await engine.pollTask(
        (await engine.post('/v1/proofread', {}, { video })).body.task_id,
      );
      expect(task.error?.code).toBe('TRANSCRIPTION_EMPTY');
    },
  );

  it.skipIf(!hasPocketsphinxEnglish || !hasApertium)(
    'refuses a target no offline translator reaches before any charge, naming the covered languages (needs PocketSphinx and Apertium)',
    async () => {
      const before = await balance();
      const res = await engine.post(
        '/v1/proofread',
        { languages: '["es","de"]' },
        { video: english },
      );
      expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
      expect(res.body.message).toMatch(/Translation for German \(de\)/);
      expect(res.body.message).toMatch(/en, es, es_419, fr, it, pt and pt_br/);
      expect(res.body.details.missing).toEqual([
        expect.objectContaining({ capability: 'translation', language: 'de' }),
      ]);
      expect(await balance()).toBeCloseTo(before, 6);
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'refuses a source_language no offline recogniser hears before any charge (needs PocketSphinx, else all recognition is refused)',
    async () => {
      const before = await balance();
      const res = await engine.post('/v1/proofread', { source_language: 'fr' }, { video: english });
      expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
      expect(res.body.message).toMatch(/Speech recognition for French \(fr\)/);
      expect(res.body.message).toMatch(/cloud service/);
      expect(await balance()).toBeCloseTo(before, 6);
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'validates before billing: video/video_url, https, audio track, language codes (needs PocketSphinx, else the capability refusal comes first)',
    async () => {
      const before = await balance();
      const both = await engine.post(
        '/v1/proofread',
        { video_url: 'https://example.com/a.mp4' },
        { video: english },
      );
      expect([both.status, both.body.code]).toEqual([400, 'invalid_request']);
      const neither = await engine.post('/v1/proofread', { languages: '["es"]' });
      expect([neither.status, neither.body.code]).toEqual([400, 'invalid_request']);
      const http = await engine.post('/v1/proofread', { video_url: 'http://example.com/a.mp4' });
      expect(http.status).toBe(422);
      expect(http.body.message).toMatch(/https/);
      const unknown = await engine.post(
        '/v1/proofread',
        { languages: '["es","zh-CN"]' },
        { video: english },
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toContain('zh-CN');
      const hint = await engine.post(
        '/v1/proofread',
        { source_language: 'english' },
        { video: english },
      );
      expect(hint.status).toBe(422);
      const mute = await makeTestVideo({ seconds: 2, withAudio: false, dir });
      const noAudio = await engine.post('/v1/proofread', {}, { video: mute });
      expect(noAudio.status).toBe(422);
      expect(noAudio.body.message).toMatch(/audio track/);
      expect(await balance()).toBeCloseTo(before, 6);
    },
  );
});
