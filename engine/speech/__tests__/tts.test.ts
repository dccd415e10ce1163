import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/api/languages';
import { MAX_TEMPO, fitToSlot, tempoFor } from '../fit';
import { synthesizeLine } from '../tts';
import { alignmentLoss, renderVoiceTrack, retimedCues } from '../voice-track';
import { makeTempDir } from './media-fixtures';
import { hasFestivalEnglish, hasNativeEspeak } from '../../testing/optional-tools';

const SENTENCES: Record<string, string> = {
  en: 'Thank you for watching.',
  zh_cn: '感谢您的观看。',
  ja: 'ありがとうございます。',
  ko: '시청해 주셔서 감사합니다.',
  pt: 'Obrigado por assistir.',
  pt_br: 'Obrigado por assistir.',
  es: 'Gracias por mirar.',
  es_419: 'Gracias por mirar.',
  de: 'Danke fürs Zuschauen.',
  fr: 'Merci de nous regarder.',
  it: 'Grazie per la visione.',
  ru: 'Спасибо за просмотр.',
  th: 'ขอบคุณที่รับชม',
  ar: 'شكرا على المشاهدة.',
  tr: 'İzlediğiniz için teşekkürler.',
  vi: 'Cảm ơn các bạn đã xem.',
  id: 'Terima kasih telah menonton.',
};

const rms = (s: Float32Array) =>
  Math.sqrt(s.reduce((a, x) => a + x * x, 0) / Math.max(1, s.length));

describe('TTS (real espeak-ng / Festival)', () => {
  let dir = '';
  let cleanup = async () => undefined as void;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('speech-tts-'));
  });
  afterAll(() => cleanup());

  it.each(LANGUAGE_CODES)('speaks %s', async (code) => {
    const result = await synthesizeLine(SENTENCES[code] ?? '', code, { workDir: dir });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const seconds = result.value.samples.length / result.value.sampleRate;
    expect(seconds).toBeGreaterThan(0.4);
    expect(seconds).toBeLessThan(6);
    expect(rms(result.value.samples)).toBeGreaterThan(0.01);
    // Festival speaks English where installed; the espeak-ng program, else its bundled
    // WebAssembly build, speaks the rest (speech/voice-choice.ts).
    const espeak = hasNativeEspeak ? /^espeak-ng:/ : /^espeak-ng-wasm:/;
    expect(result.value.voice).toEqual(
      code === 'en' && hasFestivalEnglish ? 'festival:kal_diphone' : expect.stringMatching(espeak),
    );
  });

  it('gives no audio for text without letters', async () => {
    const result = await synthesizeLine(' … ', 'es', { workDir: dir });
    expect(result.ok && result.value.samples.length).toBe(0);
  });

  it('fits a line to its slot with at most a 1.3x speed-up', async () => {
    const spoken = await synthesizeLine(
      'Hoy vamos a hablar del tiempo en las montañas y en los valles.',
      'es',
      { workDir: dir },
    );
    if (!spoken.ok) throw new Error(spoken.error.message);
    const { samples, sampleRate } = spoken.value;
    const natural = samples.length / sampleRate;

    const roomy = await fitToSlot(samples, sampleRate, natural + 1, 48000);
    expect(roomy.ok && roomy.value.tempo).toBe(1);

    const slightlyShort = await fitToSlot(samples, sampleRate, natural / 1.15, 48000);
    if (!slightlyShort.ok) throw new Error(slightlyShort.message);
    expect(slightlyShort.value.tempo).toBeCloseTo(1.15, 2);
    expect(slightlyShort.value.samples.length / 48000).toBeCloseTo(natural / 1.15, 1);
    expect(slightlyShort.value.overflowSeconds).toBeLessThan(0.1);

    const far = await fitToSlot(samples, sampleRate, natural / 2, 48000);
    if (!far.ok) throw new Error(far.message);
    expect(far.value.tempo).toBe(MAX_TEMPO);
    expect(far.value.overflowSeconds).toBeCloseTo(natural / MAX_TEMPO - natural / 2, 1);
    expect(tempoFor(3, 0)).toBe(MAX_TEMPO);
  });

  it('renders a voice track as long as the media and reports lines that do not fit', async () => {
    const cues = [
      { id: 'c1', startMs: 500, endMs: 3000, text: 'Gracias por mirar.' },
      {
        id: 'c2',
        startMs: 3200,
        endMs: 3900,
        text: 'Hoy vamos a hablar del tiempo en las montañas y en los valles.',
      },
      { id: 'c3', startMs: 6000, endMs: 8000, text: 'Hasta mañana.' },
    ];
    const result = await renderVoiceTrack(cues, 'es', 9, { workDir: dir });
    if (!result.ok) throw new Error(result.error.message);
    const track = result.value;
    expect(track.samples.length).toBe(9 * 48000);
    expect(track.issues).toEqual(
      expect.arrayContaining(['line_too_long_for_slot', 'line_sped_up']),
    );
    const [first, second, third] = track.lines;
    expect(first?.start).toBe(0.5);
    expect(second?.tempo).toBe(MAX_TEMPO);
    expect(second!.end).toBeGreaterThan(3.9);
    expect(third!.start).toBeGreaterThanOrEqual(Math.max(6, second!.end));
    // Speech is where the lines are, silence elsewhere.
    const slice = (a: number, b: number) =>
      track.samples.subarray(Math.round(a * 48000), Math.round(b * 48000));
    expect(rms(slice(first!.start, first!.end))).toBeGreaterThan(0.01);
    expect(rms(slice(0, 0.45))).toBe(0);
    const retimed = retimedCues(track.lines, cues);
    expect(retimed.map((c) => c.text)).toEqual(cues.map((c) => c.text));
    expect(retimed.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(retimed[1]?.endMs).toBe(Math.round(second!.end * 1000));
    const loss = alignmentLoss(track.lines);
    expect(loss).toBeGreaterThan(0);
    expect(loss).toBeLessThan(0.6);
  });

  it('computes alignment loss as the share of speech outside its slot', () => {
    const line = (slotStart: number, slotEnd: number, start: number, end: number) => ({
      cue: 'c1',
      text: '',
      slotStart,
      slotEnd,
      start,
      end,
      tempo: 1,
      overflowSeconds: 0,
    });
    expect(alignmentLoss([line(0, 4, 0, 2)])).toBe(0);
    expect(alignmentLoss([line(0, 2, 1, 3)])).toBe(0.5);
    expect(alignmentLoss([line(0, 2, 0, 2), line(0, 1, 2, 3)])).toBe(0.5);
  });
});
