import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCues } from '../cue-builder';
import { transcribeSpeech } from '../transcribe';
import { parsePocketsphinxOutput } from '../words';
import {
  espeakSpeech,
  festivalSpeech,
  makeTempDir,
  videoWithAudio,
  wordErrorRate,
} from './media-fixtures';
import { toolPath } from '../../../shared/node/toolchain';
import { hasFestivalEnglish, hasPocketsphinxEnglish } from '../../testing/optional-tools';

const exec = promisify(execFile);

const SAMPLE_OUTPUT = `hello and welcome
<s> 0.110 0.200 0.999900
hello 0.210 0.610 0.669686
and 0.620 0.800 0.591165
[NOISE] 0.810 0.900 0.500000
welcome(2) 0.910 1.220 1.000100
</s> 1.230 1.500 1.000000
thank you
<s> 3.000 3.100 1.000000
<sil> 3.110 3.200 0.900000
thank 3.210 3.500 0.722934
you 3.510 3.700 0.999600
</s> 3.710 3.900 1.000000
`;

describe('parsePocketsphinxOutput', () => {
  it('splits utterances, drops markers and alternative-pronunciation suffixes', () => {
    const utterances = parsePocketsphinxOutput(SAMPLE_OUTPUT);
    expect(utterances.map((u) => u.map((w) => w.word))).toEqual([
      ['hello', 'and', 'welcome'],
      ['thank', 'you'],
    ]);
    expect(utterances[0]?.[2]).toEqual({ word: 'welcome', start: 0.91, end: 1.22, confidence: 1 });
  });
});

describe('buildCues', () => {
  const word = (w: string, start: number, end: number) => ({ word: w, start, end, confidence: 1 });

  it('makes sentence-cased cues per utterance, breaking at pauses and stretching short cues', () => {
    const cues = buildCues([
      [
        word('hello', 0.2, 0.6),
        word('there', 0.62, 0.9),
        word('i', 1.8, 1.9),
        word('am', 1.92, 2.1),
        word('back', 2.12, 2.5),
      ],
      [word('bye', 4, 4.3)],
    ]);
    expect(cues.map((c) => c.text)).toEqual(['Hello there', 'I am back.', 'Bye.']);
    expect(cues[0]).toMatchObject({ id: 'c1', startMs: 200, endMs: 1200 });
    expect(cues[2]).toMatchObject({ id: 'c3', startMs: 4000, endMs: 5000 });
  });

  it('keeps cues within two 42-character lines and 7 seconds', () => {
    const words = Array.from({ length: 60 }, (_, i) =>
      word(i % 2 ? 'weather' : 'mountain', i * 0.3, i * 0.3 + 0.28),
    );
    const cues = buildCues([words]);
    expect(cues.length).toBeGreaterThan(3);
    for (const cue of cues) {
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(7000);
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    }
  });
});

describe('transcribeSpeech (real pocketsphinx)', () => {
  let dir = '';
  let cleanup = async () => undefined as void;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('speech-stt-'));
  });
  afterAll(() => cleanup());

  const TEXT =
    'Hello and welcome to our short video. Today we will talk about the weather in the mountains.';

  it.skipIf(!hasFestivalEnglish || !hasPocketsphinxEnglish)(
    'transcribes clear English speech in a video into timed cues (needs Festival and PocketSphinx)',
    async () => {
      const video = await videoWithAudio(dir, await festivalSpeech(dir, TEXT), 8, 'english.mp4');
      const result = await transcribeSpeech(video, { workDir: dir });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const text = result.value.cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ');
      expect(wordErrorRate(TEXT, text)).toBeLessThan(0.25);
      expect(result.value.cues[0]?.startMs).toBeGreaterThanOrEqual(0);
      expect(result.value.cues.at(-1)?.endMs).toBeLessThanOrEqual(8000);
      expect(result.value.confidence.mean).toBeGreaterThan(0.55);
    },
  );

  it.skipIf(!hasPocketsphinxEnglish)(
    'refuses speech that is not English with the coverage in the message (needs PocketSphinx)',
    async () => {
      const spanish = await espeakSpeech(
        dir,
        'es',
        'Hola y bienvenidos a nuestro vídeo corto. Hoy vamos a hablar del tiempo en las montañas.',
        'es.wav',
      );
      const result = await transcribeSpeech(spanish, { workDir: dir });
      expect(result).toMatchObject({ ok: false, error: { code: 'TRANSCRIPTION_FAILED' } });
      if (!result.ok) expect(result.error.message).toMatch(/English speech only/);
    },
  );

  it('reports no speech for a silent audio track', async () => {
    const video = await videoWithAudio(dir, null, 5, 'silent.mp4');
    expect(await transcribeSpeech(video, { workDir: dir })).toMatchObject({
      ok: false,
      error: { code: 'TRANSCRIPTION_EMPTY' },
    });
  });

  it('reports no speech for steady noise', async () => {
    const noise = join(dir, 'noise.wav');
    // The bundled ffmpeg makes the noise, so the optional SoX is not needed.
    await exec(toolPath('ffmpeg'), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=color=pink:amplitude=0.1:sample_rate=16000:duration=4',
      '-ac',
      '1',
      noise,
    ]);
    expect(await transcribeSpeech(noise, { workDir: dir })).toMatchObject({
      ok: false,
      error: { code: 'TRANSCRIPTION_EMPTY' },
    });
  });

  it('fails at once for a non-English source_language hint', async () => {
    const result = await transcribeSpeech('/nonexistent.mp4', { workDir: dir, hint: 'de' });
    expect(result).toMatchObject({ ok: false, error: { code: 'TRANSCRIPTION_FAILED' } });
  });
});
