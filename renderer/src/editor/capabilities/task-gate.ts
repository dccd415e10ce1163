import type { CapabilityTable } from '../../../../shared/api/capabilities';
import { isLanguageCode, type LanguageCode } from '../../../../shared/api/languages';
import type { TaskType } from '../../../../shared/api/task-types';
import {
  dubLanguageGate,
  mediaGate,
  musicGate,
  videoAnalysisGate,
  recognitionGate,
  sfxGate,
  translationGate,
  type Gate,
} from './use-capabilities';

/** The form values a gate reads (the task form's own value bag). */
type Values = Record<string, unknown>;

const MUSIC_TYPES: readonly TaskType[] = [
  'text_to_music',
  'video_to_music',
  'video_to_video_music',
];
const SFX_TYPES: readonly TaskType[] = ['text_to_sfx', 'video_to_sfx', 'video_to_video_sfx'];
const SOUND_TYPES: readonly TaskType[] = ['video_to_sound', 'video_to_video_sound'];

function languagesOf(values: Values, name: string): LanguageCode[] {
  const raw = values[name];
  return Array.isArray(raw) ? raw.filter((c): c is LanguageCode => isLanguageCode(String(c))) : [];
}

function hintOf(values: Values): LanguageCode | undefined {
  const raw = values.source_language;
  return typeof raw === 'string' && isLanguageCode(raw) ? raw : undefined;
}

function scriptedLanguages(values: Values): Set<string> {
  const raw = values.subtitles;
  if (!raw || typeof raw !== 'object') return new Set();
  return new Set(
    Object.entries(raw as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([code]) => code),
  );
}

/**
 * Why this request cannot run on this machine, judged from the capability table the way the
 * engine judges it (docs/engine-notes.md 7), or null. Null too when no table applies.
 */
export function taskCapabilityGate(
  table: CapabilityTable | null | undefined,
  type: TaskType,
  values: Values,
): Gate {
  if (!table) return null;
  if (type === 'video_analysis') return videoAnalysisGate(table);
  if (type !== 'text_to_music' && type !== 'text_to_sfx') {
    const media = mediaGate(table);
    if (media) return media;
  }
  if (MUSIC_TYPES.includes(type)) return musicGate(table);
  if (SFX_TYPES.includes(type)) return sfxGate(table);
  if (SOUND_TYPES.includes(type)) return musicGate(table) ?? sfxGate(table);
  const marks = languageMarks(table, type, values);
  if (type === 'proofread') {
    const recogniser = recognitionGate(table, hintOf(values));
    if (recogniser) return recogniser;
  }
  const chosen = languagesOf(values, 'languages').filter((code) => marks[code]);
  return chosen.length > 0 ? marks[chosen[0]!]! : null;
}

/** Per language, why it cannot be chosen here (translation for Proofread, voice etc. for Dub). */
export function languageMarks(
  table: CapabilityTable | null | undefined,
  type: TaskType,
  values: Values,
): Partial<Record<LanguageCode, string>> {
  if (!table) return {};
  const marks: Partial<Record<LanguageCode, string>> = {};
  const all = Object.keys(table.voices).filter(isLanguageCode);
  if (type === 'proofread') {
    const hint = hintOf(values);
    for (const code of all) {
      const why = translationGate(table, code, hint);
      if (why) marks[code] = why;
    }
  } else if (type === 'dubbing') {
    const scripted = scriptedLanguages(values);
    for (const code of all) {
      const why = dubLanguageGate(table, code, scripted.has(code));
      if (why) marks[code] = why;
    }
  }
  return marks;
}
