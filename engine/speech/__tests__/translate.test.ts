import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../shared/api/languages';
import { checkDeclaredLanguage } from '../../../shared/domain/subtitles/language';
import { translateCues, translateLines, translationRoute } from '../translate';
import { hasApertium } from '../../testing/optional-tools';

const ENGLISH = [
  'Thank you for watching this video.',
  'We will talk about the weather in the mountains tomorrow.',
];
const SPANISH = ['Gracias por mirar este vídeo.', 'Mañana hablaremos del tiempo en las montañas.'];

describe('translationRoute', () => {
  it.each([
    ['en', 'es', ['eng-spa']],
    ['en', 'es_419', ['eng-spa']],
    ['en', 'fr', ['eng-cat', 'cat-fra']],
    ['en', 'it', ['eng-cat', 'cat-ita']],
    ['en', 'pt', ['eng-spa', 'es-pt']],
    ['en', 'pt_br', ['eng-spa', 'es-pt_BR']],
    ['fr', 'en', ['fr-es', 'spa-eng']],
    ['it', 'en', ['ita-spa', 'spa-eng']],
    ['pt_br', 'en', ['pt-es', 'spa-eng']],
    ['es_419', 'fr', ['es-fr']],
    ['fr', 'it', ['fr-es', 'spa-ita']],
    ['es', 'es_419', []],
    ['pt', 'pt_br', []],
  ])('%s -> %s', (source, target, modes) => {
    expect(translationRoute(source as LanguageCode, target as LanguageCode)).toEqual(modes);
  });

  it('has no route for languages Apertium does not cover here', () => {
    expect(translationRoute('en', 'de')).toBeNull();
    expect(translationRoute('ja', 'en')).toBeNull();
  });
});

describe.skipIf(!hasApertium)('translateLines (real apertium; needs Apertium)', () => {
  it.each([
    ['es', /gracias/i],
    ['es_419', /gracias/i],
    ['fr', /merci/i],
    ['it', /grazie/i],
    ['pt', /obrigad|graças/i],
    ['pt_br', /obrigad|graças/i],
  ] as const)('en -> %s keeps one line per cue, in the target language', async (target, thanks) => {
    const result = await translateLines(ENGLISH, 'en', target);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toHaveLength(2);
    expect(result.value[0]).toMatch(thanks);
    expect(result.value[1]?.length).toBeGreaterThan(20);
    expect(checkDeclaredLanguage(result.value.join(' '), target)).toMatchObject({
      matches: true,
      detected: expect.any(String),
    });
  });

  it.each([
    ['en', /thank/i],
    ['fr', /merci/i],
    ['pt', /obrigad|graças/i],
    ['it', /grazie/i],
  ] as const)('es -> %s', async (target, thanks) => {
    const result = await translateLines(SPANISH, 'es', target);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toHaveLength(2);
    expect(result.value[0]).toMatch(thanks);
  });

  it('brings French, Italian and Portuguese back to English through Spanish', async () => {
    const fr = await translateLines(['Merci de regarder cette vidéo et à demain.'], 'fr', 'en');
    const it_ = await translateLines(['Grazie per aver guardato questo video.'], 'it', 'en');
    const pt = await translateLines(['Obrigado por assistir a este vídeo.'], 'pt', 'en');
    for (const r of [fr, it_, pt]) {
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value[0]?.toLowerCase()).toMatch(/thank|video/);
    }
  });

  it('fails with TRANSLATION_FAILED naming the covered languages', async () => {
    const result = await translateLines(ENGLISH, 'en', 'de');
    expect(result).toMatchObject({ ok: false, error: { code: 'TRANSLATION_FAILED' } });
    if (!result.ok)
      expect(result.error.message).toMatch(/German \(de\).*en, es, es_419, fr, it, pt and pt_br/);
  });

  it('translates cues keeping their times and wrapping long text', async () => {
    const cues = [
      { id: 'c1', startMs: 500, endMs: 3000, text: 'Thank you for watching this video.' },
      {
        id: 'c2',
        startMs: 3200,
        endMs: 8000,
        text: 'We will talk about the weather in the mountains\nand in the valleys tomorrow morning.',
      },
    ];
    const result = await translateCues(cues, 'en', 'es');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((c) => [c.id, c.startMs, c.endMs])).toEqual([
      ['c1', 500, 3000],
      ['c2', 3200, 8000],
    ]);
    for (const line of result.value[1]?.text.split('\n') ?? [])
      expect(line.length).toBeLessThanOrEqual(42);
  });
});
