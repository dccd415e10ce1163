import {
  languageLabel,
  recognisedLanguages,
  translatableInto,
  voiceFor,
  type Capability,
  type CapabilityTable,
} from '../../api/capabilities';
import { LOCAL_TRANSLATION_LANGUAGES, type LanguageCode } from '../../api/languages';
import type { CellReason, DubBatchSettings } from './cell-preflight';

function blocked(code: string, what: string, capability: Capability): CellReason {
  return {
    level: 'blocked',
    code,
    message: `${what} is not available on this machine: ${capability.reason ?? 'missing'}`,
    fix: capability.fix ?? 'Switch to the cloud service in Settings.',
  };
}

/**
 * What this machine lacks for one dub cell, from the local engine's capability table
 * (docs/engine-notes.md 7): a voice for the language, and without a script a recogniser and a
 * translator too. The engine refuses the same requests; blocking them here keeps them out of the
 * batch before anything is sent. Nothing applies on the cloud service or without a table.
 */
export function capabilityReasons(
  language: LanguageCode,
  settings: DubBatchSettings,
  scripted: boolean,
  table: CapabilityTable | null | undefined,
): CellReason[] {
  if (settings.engine !== 'local' || !table) return [];
  const reasons: CellReason[] = [];
  const voice = voiceFor(table, language);
  if (!voice.available)
    reasons.push(blocked('no_offline_voice', `A voice for ${languageLabel(language)}`, voice));
  if (scripted) return reasons;
  if (recognisedLanguages(table).length === 0) {
    const recognition = table.recognition.en;
    reasons.push({
      ...blocked('no_offline_recognition', 'Speech recognition', recognition),
      fix: `Add a ${languageLabel(language)} script for this video, or ${recognition.fix ? recognition.fix.charAt(0).toLowerCase() + recognition.fix.slice(1) : 'switch to the cloud service in Settings.'}`,
    });
    return reasons;
  }
  // Languages with no route at all are already blocked by localTranslationReasons.
  if (!LOCAL_TRANSLATION_LANGUAGES.includes(language)) return reasons;
  const route = translatableInto(table, language);
  if (!route.available)
    reasons.push(
      blocked('no_offline_translation', `Translation into ${languageLabel(language)}`, route),
    );
  return reasons;
}
