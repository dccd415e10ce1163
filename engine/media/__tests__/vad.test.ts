import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSpeech, detectSpeechInFile, type SpeechSpan } from '../vad';
import {
  audibleSpans,
  makeEspeak,
  makeFestival,
  makeMusic,
  makeTempDir,
  mixFiles,
  overlapSeconds,
  placeSpeech,
} from './fixtures';

const temp = makeTempDir('vad');
const voice = join(temp.dir, 'voice.wav');
const voiceEs = join(temp.dir, 'voice-es.wav');
const music = join(temp.dir, 'music.wav');
let truth: SpeechSpan[];
let truthEs: SpeechSpan[];

beforeAll(async () => {
  await makeFestival(join(temp.dir, 'a.wav'), 'The quick brown fox jumps over the lazy dog.');
  await makeFestival(join(temp.dir, 'b.wav'), 'Please call me back when you get this message.');
  placeSpeech(
    voice,
    [
      { file: join(temp.dir, 'a.wav'), at: 1 },
      { file: join(temp.dir, 'b.wav'), at: 7 },
    ],
    12,
  );
  await makeEspeak(
    join(temp.dir, 'c.wav'),
    'Mañana viajamos a la costa para ver las olas del mar.',
    'es',
  );
  placeSpeech(
    voiceEs,
    [
      { file: join(temp.dir, 'c.wav'), at: 0.5 },
      { file: join(temp.dir, 'c.wav'), at: 7 },
    ],
    12,
  );
  makeMusic(music, 12);
  truth = audibleSpans(voice);
  truthEs = audibleSpans(voiceEs);
});
afterAll(() => temp.cleanup());

const total = (spans: SpeechSpan[]): number => spans.reduce((sum, s) => sum + s.end - s.start, 0);

/** Speech found outside the true spans, each true span widened by `slack` seconds. */
function falseSeconds(found: SpeechSpan[], reference: SpeechSpan[], slack: number): number {
  const widened = reference.map((s) => ({ start: s.start - slack, end: s.end + slack }));
  return total(found) - overlapSeconds(found, widened);
}

async function spansOf(path: string): Promise<SpeechSpan[]> {
  const outcome = await detectSpeechInFile(path);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('voice activity detection', () => {
  it('finds two sentences of clean speech with their pauses', async () => {
    expect(truth).toHaveLength(2);
    const found = await spansOf(voice);
    expect(overlapSeconds(truth, found) / total(truth)).toBeGreaterThan(0.9);
    expect(falseSeconds(found, truth, 0.3)).toBeLessThan(0.2);
    expect(found[0]?.start).toBeGreaterThan(0.8);
  });

  it('finds the same speech with music under it at equal loudness', async () => {
    const mixed = join(temp.dir, 'mixed.wav');
    mixFiles(mixed, voice, music, 0);
    const found = await spansOf(mixed);
    expect(overlapSeconds(truth, found) / total(truth)).toBeGreaterThan(0.85);
    expect(falseSeconds(found, truth, 0.35)).toBeLessThan(0.5);
  });

  it('works for another language and voice (espeak Spanish) over music', async () => {
    const mixed = join(temp.dir, 'mixed-es.wav');
    mixFiles(mixed, voiceEs, music, -6);
    const found = await spansOf(mixed);
    expect(overlapSeconds(truthEs, found) / total(truthEs)).toBeGreaterThan(0.85);
    expect(falseSeconds(found, truthEs, 0.35)).toBeLessThan(0.5);
  });

  it('reports little or no speech in music alone and none in silence', async () => {
    expect(total(await spansOf(music))).toBeLessThan(1);
    expect(detectSpeech(new Float32Array(16_000 * 3))).toEqual([]);
  });

  it('returns an error value for a file without audio', async () => {
    const outcome = await detectSpeechInFile(join(temp.dir, 'missing.wav'));
    expect(outcome.ok).toBe(false);
  });
});
