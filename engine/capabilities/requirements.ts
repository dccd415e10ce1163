import {
  CAPABILITY_LABELS,
  CAPABILITY_UNAVAILABLE,
  languageLabel,
  recognisedLanguages,
  recognitionFor,
  translatableInto,
  voiceFor,
  type Capability,
  type CapabilityName,
  type CapabilityTable,
} from '../../shared/api/capabilities';
import type { LanguageCode } from '../../shared/api/languages';
import type { TaskType } from '../../shared/api/task-types';
import type { Rejection } from '../server/rejection';

/** One capability a request needs and this machine lacks. */
export interface MissingCapability {
  capability: CapabilityName;
  language?: LanguageCode;
  reason: string;
  fix: string | null;
}

/** What each endpoint needs whatever its fields say (checked before the body is read). */
const PATH_NEEDS: Record<TaskType, readonly CapabilityName[]> = {
  text_to_music: ['music'],
  video_to_music: ['media', 'music'],
  video_to_video_music: ['media', 'music'],
  text_to_sfx: ['sfx'],
  video_to_sfx: ['media', 'sfx'],
  video_to_video_sfx: ['media', 'sfx'],
  video_to_sound: ['media', 'music', 'sfx'],
  video_to_video_sound: ['media', 'music', 'sfx'],
  audio_ducking: ['media'],
  video_analysis: ['video_analysis'],
  dubbing: ['media', 'dubbing_voice'],
  proofread: ['media', 'speech_recognition'],
};

/**
 * The refusal of a request this machine cannot do at all, judged from its path alone, so an
 * upload is never read for nothing (docs/decisions/073-capability-table.md). For the
 * per-language capabilities this means "not for any language".
 */
export function refuseByPath(type: TaskType, table: CapabilityTable): Rejection | undefined {
  const missing: MissingCapability[] = [];
  for (const name of PATH_NEEDS[type]) {
    const capability = wholeCapability(name, table);
    if (!capability.available) missing.push(entry(name, capability));
  }
  return capabilityRejection(missing);
}

function wholeCapability(name: CapabilityName, table: CapabilityTable): Capability {
  switch (name) {
    case 'media':
      return table.media;
    case 'music':
      return table.music;
    case 'sfx':
      return table.sfx;
    case 'video_analysis':
      return table.videoAnalysis;
    case 'speech_recognition':
      return anyLanguage(Object.values(table.recognition));
    case 'dubbing_voice':
      return anyLanguage(Object.values(table.voices));
    case 'translation':
      return anyLanguage(table.translation);
  }
}

/** Available when one language is; otherwise the first language's reason stands for all. */
function anyLanguage(entries: readonly Capability[]): Capability {
  return entries.find((capability) => capability.available) ?? entries[0]!;
}

/**
 * Proofread recognises the spoken language (the hint, or whatever is recognisable) and
 * translates it into each target; every language that cannot be done here is named.
 */
export function proofreadNeeds(
  table: CapabilityTable,
  targets: readonly LanguageCode[],
  sourceHint: LanguageCode | undefined,
): MissingCapability[] {
  const missing: MissingCapability[] = [];
  if (sourceHint) {
    const recognition = recognitionFor(table, sourceHint);
    if (!recognition.available) {
      missing.push(entry('speech_recognition', recognition, sourceHint));
      return missing;
    }
  } else if (recognisedLanguages(table).length === 0) {
    missing.push(entry('speech_recognition', anyLanguage(Object.values(table.recognition))));
    return missing;
  }
  for (const target of targets) {
    const route = translatableInto(table, target, sourceHint);
    if (!route.available) missing.push(entry('translation', route, target));
  }
  return missing;
}

/**
 * Dubbing speaks each language with a voice; without a script it first recognises the speech
 * and translates the transcript, so those must exist for that language too.
 */
export function dubbingNeeds(
  table: CapabilityTable,
  languages: readonly LanguageCode[],
  scripted: boolean,
): MissingCapability[] {
  const missing: MissingCapability[] = [];
  if (!scripted && recognisedLanguages(table).length === 0) {
    const recognition = anyLanguage(Object.values(table.recognition));
    missing.push({
      ...entry('speech_recognition', recognition),
      fix: `Send a script per language (subtitles[<language>]), ${lowerFirst(recognition.fix ?? 'or use the cloud service.')}`,
    });
  }
  for (const language of languages) {
    const voice = voiceFor(table, language);
    if (!voice.available) missing.push(entry('dubbing_voice', voice, language));
    if (scripted || missing.some((m) => m.capability === 'speech_recognition')) continue;
    const route = translatableInto(table, language);
    if (!route.available) missing.push(entry('translation', route, language));
  }
  return missing;
}

function entry(
  capability: CapabilityName,
  value: Capability,
  language?: LanguageCode,
): MissingCapability {
  return {
    capability,
    ...(language ? { language } : {}),
    reason: value.reason ?? 'not available on this machine',
    fix: value.fix,
  };
}

/**
 * 422 capability_unavailable naming each missing capability, why, and what to do. 422 like the
 * service's other "well-formed but cannot be done" refusals, so every client treats it as a
 * final answer before any charge (docs/api-notes.md 3.2).
 */
export function capabilityRejection(missing: readonly MissingCapability[]): Rejection | undefined {
  if (missing.length === 0) return undefined;
  const lines = missing.map((m) => {
    const what = `${CAPABILITY_LABELS[m.capability]}${m.language ? ` for ${languageLabel(m.language)}` : ''}`;
    return `${what} is not available on this machine: ${m.reason}${m.fix ? ` ${m.fix}` : ''}`;
  });
  return {
    status: 422,
    code: CAPABILITY_UNAVAILABLE,
    message: dedupe(lines).join(' '),
    details: { capability: missing[0]!.capability, missing: missing.map((m) => ({ ...m })) },
  };
}

function dedupe(lines: readonly string[]): string[] {
  return [...new Set(lines)];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
