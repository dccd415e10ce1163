import { describe, expect, it } from 'vitest';
import type { Capability, CapabilityTable } from '../../api/capabilities';
import { LANGUAGE_CODES, type LanguageCode } from '../../api/languages';
import { planDubBatch } from './batch-plan';
import type { DubBatchSettings } from './cell-preflight';

const yes: Capability = { available: true, via: 'test', reason: null, fix: null, tools: [] };
const no = (reason: string, fix: string): Capability => ({
  available: false,
  via: null,
  reason,
  fix,
  tools: [],
});

/** A machine with voices for everything but German, and a recogniser only when asked. */
function table(recogniser: boolean): CapabilityTable {
  const byLanguage = (pick: (code: LanguageCode) => Capability) =>
    Object.fromEntries(LANGUAGE_CODES.map((code) => [code, pick(code)])) as Record<
      LanguageCode,
      Capability
    >;
  return {
    computedAt: '2026-01-01T00:00:00.000Z',
    platform: 'linux-x64',
    tools: [],
    media: yes,
    music: yes,
    sfx: yes,
    videoAnalysis: yes,
    voices: byLanguage((code) =>
      code === 'de' ? no('eSpeak NG is missing.', 'Install espeak-ng.') : yes,
    ),
    recognition: byLanguage((code) =>
      code === 'en' && recogniser
        ? yes
        : no('PocketSphinx is not available.', 'Install pocketsphinx.'),
    ),
    translation: LANGUAGE_CODES.flatMap((source) =>
      LANGUAGE_CODES.filter((target) => target !== source).map((target) => ({
        source,
        target,
        ...yes,
      })),
    ),
  };
}

const settings: DubBatchSettings = {
  languages: ['es', 'de'],
  ducking: false,
  lipsync: false,
  exportSrt: false,
  engine: 'local',
  maxUploadMb: 300,
};

function plan(capabilities: CapabilityTable | null, engine: 'local' | 'remote' = 'local') {
  return planDubBatch({
    videos: [{ path: '/in/clip.mp4', durationSeconds: 30, bytes: 1_000, hasVideo: true }],
    scripts: [{ path: '/in/clip.de.srt', language: 'de' }],
    scriptFacts: [{ path: '/in/clip.de.srt', bytes: 500, cueCount: 4, detectedLanguage: 'de' }],
    settings: { ...settings, engine },
    account: { discount_factor: 1, balance: 100 },
    capabilities,
  });
}

const cell = (result: ReturnType<typeof plan>, language: string) =>
  result.rows[0]!.cells.find((c) => c.language === language)!;

describe('dub cells this machine cannot do', () => {
  it('blocks a language without a voice even with a script, naming the reason and the fix', () => {
    const german = cell(plan(table(true)), 'de');
    expect(german.preflight).toBe('blocked');
    expect(german.reasons).toContainEqual(
      expect.objectContaining({
        code: 'no_offline_voice',
        message: expect.stringMatching(/German \(de\).*eSpeak NG is missing/),
        fix: 'Install espeak-ng.',
      }),
    );
    expect(cell(plan(table(true)), 'es').preflight).not.toBe('blocked');
  });

  it('blocks a script-less language when nothing can recognise the speech', () => {
    const spanish = cell(plan(table(false)), 'es');
    expect(spanish.preflight).toBe('blocked');
    expect(spanish.reasons.map((r) => r.code)).toContain('no_offline_recognition');
    expect(spanish.reasons.find((r) => r.code === 'no_offline_recognition')?.fix).toMatch(
      /Spanish \(es\) script/,
    );
  });

  it('blocks nothing on the cloud service or without a table', () => {
    for (const result of [plan(table(false), 'remote'), plan(null)])
      expect(result.rows[0]!.cells.map((c) => c.preflight)).not.toContain('blocked');
  });
});
