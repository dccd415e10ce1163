import { useQueryClient } from '@tanstack/react-query';
import {
  CAPABILITY_LABELS,
  languageLabel,
  recognisedLanguages,
  recognitionFor,
  translatableInto,
  voiceFor,
  type Capability,
  type CapabilityTable,
} from '../../../../shared/api/capabilities';
import type { LanguageCode } from '../../../../shared/api/languages';
import type { ToolsView } from '../../../../shared/ipc/channels/tools';
import { queryKeyFor, useApiMutation, useApiQuery } from '../../bridge/query';

const VIEW_REQUEST = { refresh: false } as const;

/**
 * What this machine can do offline, as the local engine reports it (docs/engine-notes.md 7).
 * Screens use it to mark what cannot run before the user tries; with the cloud service (or
 * while the engine starts) there is no table and nothing is blocked.
 */
export function useCapabilities() {
  return useApiQuery('tools:capabilities', VIEW_REQUEST, { staleTime: 60_000 });
}

/** Writes a fresh view into the cache (after a path change or a refresh). */
export function useToolsViewUpdate() {
  const client = useQueryClient();
  return (view: ToolsView) => {
    client.setQueryData(queryKeyFor('tools:capabilities', VIEW_REQUEST), view);
    void client.invalidateQueries({ queryKey: queryKeyFor('engine:status') });
  };
}

export function useSetToolPath() {
  const update = useToolsViewUpdate();
  return useApiMutation('tools:setPath', { onSuccess: update });
}

export function useRefreshCapabilities() {
  const update = useToolsViewUpdate();
  return useApiMutation('tools:capabilities', { onSuccess: update });
}

/** Why something cannot run here, or null when it can (or when no table applies). */
export type Gate = string | null;

function gate(capability: Capability, what: string): Gate {
  if (capability.available) return null;
  return `${what} is not available on this machine: ${capability.reason ?? ''} ${capability.fix ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
}

export function musicGate(table: CapabilityTable | null | undefined): Gate {
  return table ? gate(table.music, CAPABILITY_LABELS.music) : null;
}

export function sfxGate(table: CapabilityTable | null | undefined): Gate {
  return table ? gate(table.sfx, CAPABILITY_LABELS.sfx) : null;
}

export function videoAnalysisGate(table: CapabilityTable | null | undefined): Gate {
  return table ? gate(table.videoAnalysis, CAPABILITY_LABELS.video_analysis) : null;
}

/** Reading and writing media at all (every video task, ducking). */
export function mediaGate(table: CapabilityTable | null | undefined): Gate {
  return table ? gate(table.media, CAPABILITY_LABELS.media) : null;
}

/** Proofread needs a recogniser (for the hinted language, or any). */
export function recognitionGate(
  table: CapabilityTable | null | undefined,
  source?: LanguageCode,
): Gate {
  if (!table) return null;
  if (source)
    return gate(
      recognitionFor(table, source),
      `${CAPABILITY_LABELS.speech_recognition} for ${languageLabel(source)}`,
    );
  if (recognisedLanguages(table).length > 0) return null;
  return gate(recognitionFor(table, 'en'), CAPABILITY_LABELS.speech_recognition);
}

/** A translation target of Proofread (or a script-less dub). */
export function translationGate(
  table: CapabilityTable | null | undefined,
  target: LanguageCode,
  source?: LanguageCode,
): Gate {
  if (!table) return null;
  return gate(
    translatableInto(table, target, source),
    `${CAPABILITY_LABELS.translation} into ${languageLabel(target)}`,
  );
}

/** A dubbing language: a voice, and without a script a recogniser and a translator too. */
export function dubLanguageGate(
  table: CapabilityTable | null | undefined,
  language: LanguageCode,
  scripted: boolean,
): Gate {
  if (!table) return null;
  const voice = gate(
    voiceFor(table, language),
    `${CAPABILITY_LABELS.dubbing_voice} for ${languageLabel(language)}`,
  );
  if (voice || scripted) return voice;
  return recognitionGate(table) ?? translationGate(table, language);
}
