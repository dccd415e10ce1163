import { describe, expect, it } from 'vitest';
import type { Capability, CapabilityTable } from '../../../../shared/api/capabilities';
import { LANGUAGE_CODES, type LanguageCode } from '../../../../shared/api/languages';
import { languageMarks, taskCapabilityGate } from './task-gate';

const yes: Capability = { available: true, via: 'test', reason: null, fix: null, tools: [] };
const no = (reason: string, fix: string): Capability => ({
  available: false,
  via: null,
  reason,
  fix,
  tools: [],
});
const each = (pick: (code: LanguageCode) => Capability) =>
  Object.fromEntries(LANGUAGE_CODES.map((code) => [code, pick(code)])) as Record<
    LanguageCode,
    Capability
  >;

/** No synthesiser, no recogniser, and translation only from English into Spanish. */
const table: CapabilityTable = {
  computedAt: '2026-01-01T00:00:00.000Z',
  platform: 'linux-x64',
  tools: [],
  media: yes,
  music: no('No music synthesiser.', 'Install fluidsynth.'),
  sfx: yes,
  videoAnalysis: yes,
  voices: each(() => yes),
  recognition: each(() => no('PocketSphinx is not available.', 'Install pocketsphinx.')),
  translation: LANGUAGE_CODES.flatMap((source) =>
    LANGUAGE_CODES.filter((target) => target !== source).map((target) => ({
      source,
      target,
      ...(source === 'en' && target === 'es' ? yes : no('No route.', 'Send a script.')),
    })),
  ),
};

describe('what the task forms block on this machine', () => {
  it('blocks music generation with the reason and the fix, not sound effects', () => {
    expect(taskCapabilityGate(table, 'text_to_music', {})).toMatch(
      /Music generation is not available on this machine: No music synthesiser\. Install fluidsynth\./,
    );
    expect(taskCapabilityGate(table, 'text_to_sfx', {})).toBeNull();
    expect(taskCapabilityGate(table, 'video_to_sound', {})).toMatch(/Music generation/);
  });

  it('blocks Proofread when nothing recognises speech', () => {
    expect(taskCapabilityGate(table, 'proofread', { languages: [] })).toMatch(
      /Speech recognition is not available.*PocketSphinx/,
    );
  });

  it('marks dub languages that need a recogniser unless a script is given', () => {
    const marks = languageMarks(table, 'dubbing', { subtitles: { fr: '/s/clip.fr.srt' } });
    expect(marks.fr).toBeUndefined();
    expect(marks.de).toMatch(/Speech recognition/);
    expect(taskCapabilityGate(table, 'dubbing', { languages: ['fr'] })).toMatch(/recognition/);
    expect(
      taskCapabilityGate(table, 'dubbing', {
        languages: ['fr'],
        subtitles: { fr: '/s/clip.fr.srt' },
      }),
    ).toBeNull();
  });

  it('blocks nothing without a table (cloud service, engine starting)', () => {
    expect(taskCapabilityGate(null, 'text_to_music', {})).toBeNull();
    expect(languageMarks(undefined, 'dubbing', {})).toEqual({});
  });
});
