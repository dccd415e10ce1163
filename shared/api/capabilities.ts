import { z } from 'zod';
import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode } from './languages';

/**
 * The local engine's capability table (GET /v1/local/capabilities, docs/engine-notes.md 7): which
 * tools this machine has, and what the engine can and cannot do offline with them, each "cannot"
 * with the reason and the fix. Main and the renderer validate it with these schemas; the engine
 * builds it (docs/decisions/073-capability-table.md).
 */

/** The local engine's route serving the table (not part of the service's API). */
export const LOCAL_CAPABILITIES_PATH = '/v1/local/capabilities';

/** The HTTP error code of a request this machine cannot do (422, before upload or charge). */
export const CAPABILITY_UNAVAILABLE = 'capability_unavailable';

export const toolSourceSchema = z.enum(['setting', 'bundled', 'system']);
export type ToolSourceName = z.infer<typeof toolSourceSchema>;

/** One external program as the engine's toolchain resolved it. */
export const toolRowSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** What the app can do with it. */
  adds: z.string(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  source: toolSourceSchema.nullable(),
  /** Copies found but unusable, each with its fix. */
  problems: z.array(z.string()),
  /** The one-line install command for this system, when there is one. */
  install: z.string().nullable(),
});
export type ToolRow = z.infer<typeof toolRowSchema>;

/** One thing the engine can or cannot do here. */
export const capabilitySchema = z.object({
  available: z.boolean(),
  /** What does it when available ("fluidsynth with the FluidR3 font", "espeak-ng (es)"). */
  via: z.string().nullable(),
  /** Why not, when unavailable: the missing tool, model or route. */
  reason: z.string().nullable(),
  /** What to do about it (install command, Settings path, a script, or the cloud service). */
  fix: z.string().nullable(),
  /** The tools it relies on (names of tool rows). */
  tools: z.array(z.string()),
});
export type Capability = z.infer<typeof capabilitySchema>;

const languageSchema = z.enum(LANGUAGE_CODES);

export const translationPairSchema = capabilitySchema.extend({
  source: languageSchema,
  target: languageSchema,
});
export type TranslationPair = z.infer<typeof translationPairSchema>;

const perLanguage = z.record(languageSchema, capabilitySchema);

export const capabilityTableSchema = z.object({
  computedAt: z.string(),
  platform: z.string(),
  tools: z.array(toolRowSchema),
  /** Reading and writing audio and video at all (FFmpeg + FFprobe). */
  media: capabilitySchema,
  music: capabilitySchema,
  sfx: capabilitySchema,
  videoAnalysis: capabilitySchema,
  /** Dubbing voices, by target language. */
  voices: perLanguage,
  /** Speech recognition, by spoken language. */
  recognition: perLanguage,
  /** Translation, every ordered pair of distinct languages. */
  translation: z.array(translationPairSchema),
});
export type CapabilityTable = z.infer<typeof capabilityTableSchema>;

/** The named capabilities a request or a screen needs (the `capability` of a refusal). */
export type CapabilityName =
  | 'media'
  | 'music'
  | 'sfx'
  | 'video_analysis'
  | 'speech_recognition'
  | 'translation'
  | 'dubbing_voice';

export const CAPABILITY_LABELS: Record<CapabilityName, string> = {
  media: 'Reading and writing audio and video',
  music: 'Music generation',
  sfx: 'Sound effects',
  video_analysis: 'Video analysis',
  speech_recognition: 'Speech recognition',
  translation: 'Translation',
  dubbing_voice: 'Dubbing voice',
};

export function voiceFor(table: CapabilityTable, language: LanguageCode): Capability {
  return table.voices[language] ?? missingEntry(`no voice entry for ${language}`);
}

export function recognitionFor(table: CapabilityTable, language: LanguageCode): Capability {
  return table.recognition[language] ?? missingEntry(`no recognition entry for ${language}`);
}

/** Same-language "translation" is always available: nothing has to change. */
export function translationFor(
  table: CapabilityTable,
  source: LanguageCode,
  target: LanguageCode,
): Capability {
  if (source === target) return { available: true, via: null, reason: null, fix: null, tools: [] };
  return (
    table.translation.find((pair) => pair.source === source && pair.target === target) ??
    missingEntry(`no translation entry for ${source} to ${target}`)
  );
}

/** Languages whose speech this machine can recognise. */
export function recognisedLanguages(table: CapabilityTable): LanguageCode[] {
  return LANGUAGE_CODES.filter((code) => table.recognition[code]?.available);
}

/**
 * Whether some recognisable spoken language can be translated into `target` (Proofread and
 * script-less dubbing translate what was recognised). `source` narrows it to one language.
 */
export function translatableInto(
  table: CapabilityTable,
  target: LanguageCode,
  source?: LanguageCode,
): Capability {
  const sources = source ? [source] : recognisedLanguages(table);
  if (sources.length === 0) return missingEntry('no spoken language can be recognised here');
  const routes = sources.map((from) => translationFor(table, from, target));
  return routes.find((route) => route.available) ?? routes[0]!;
}

function missingEntry(reason: string): Capability {
  return { available: false, via: null, reason, fix: null, tools: [] };
}

/** One summary line per capability, for Settings (the per-language detail folded into text). */
export interface CapabilitySummary {
  id: CapabilityName;
  label: string;
  available: boolean;
  /** Available: what does it (and for which languages); unavailable: why not. */
  detail: string;
  fix: string | null;
}

export function capabilitySummaries(table: CapabilityTable): CapabilitySummary[] {
  const single = (id: CapabilityName, capability: Capability): CapabilitySummary => ({
    id,
    label: CAPABILITY_LABELS[id],
    available: capability.available,
    detail: (capability.available ? capability.via : capability.reason) ?? '',
    fix: capability.available ? null : capability.fix,
  });
  const byLanguage = (
    id: CapabilityName,
    entries: Record<string, Capability>,
  ): CapabilitySummary => {
    const yes = LANGUAGE_CODES.filter((code) => entries[code]?.available);
    const no = LANGUAGE_CODES.filter((code) => !entries[code]?.available);
    const firstMissing = no.map((code) => entries[code]).find(Boolean);
    const parts = [
      yes.length > 0 ? `Available for ${yes.join(', ')}.` : '',
      no.length > 0
        ? `Not for ${no.length === LANGUAGE_CODES.length ? 'any language' : no.join(', ')}: ${(firstMissing?.reason ?? 'no offline route').replace(/\.+$/, '')}.`
        : '',
    ];
    return {
      id,
      label: CAPABILITY_LABELS[id],
      available: yes.length > 0,
      detail: parts.filter(Boolean).join(' '),
      fix: no.length > 0 ? (firstMissing?.fix ?? null) : null,
    };
  };
  const fromRecognised = Object.fromEntries(
    LANGUAGE_CODES.map((code) => [code, translatableInto(table, code)]),
  );
  return [
    single('media', table.media),
    single('music', table.music),
    single('sfx', table.sfx),
    single('video_analysis', table.videoAnalysis),
    byLanguage('speech_recognition', table.recognition),
    byLanguage('translation', fromRecognised),
    byLanguage('dubbing_voice', table.voices),
  ];
}

/** "Spanish (es)": how refusals and the UI name a language. */
export function languageLabel(code: LanguageCode): string {
  return `${LANGUAGE_NAMES[code]} (${code})`;
}
