import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Capability, TranslationPair } from '../../shared/api/capabilities';
import { languageLabel } from '../../shared/api/capabilities';
import { LANGUAGE_CODES, type LanguageCode } from '../../shared/api/languages';
import type { Toolchain } from '../../shared/node/toolchain';
import { MODEL_DIR } from '../speech/transcribe';
import { MODES_DIR, TRANSLATION_COVERAGE, translationRoute } from '../speech/translate';
import { chooseVoiceEngine, type VoiceEngine } from '../speech/voice-choice';
import { needTools, toolFix } from './tool-rows';

/** The files pocketsphinx is started with (engine/speech/transcribe.ts). */
const ENGLISH_MODEL_FILES = ['en-us', 'en-us.lm.bin', 'cmudict-en-us.dict'];

/**
 * Speech recognition by spoken language: English through pocketsphinx and its en-us model;
 * no offline recogniser exists here for the other sixteen (docs/engine-notes.md 7).
 */
export function recognitionCapabilities(toolchain: Toolchain): Record<LanguageCode, Capability> {
  const english = englishRecognition(toolchain);
  return Object.fromEntries(
    LANGUAGE_CODES.map((code): [LanguageCode, Capability] => [
      code,
      code === 'en'
        ? english
        : {
            available: false,
            via: null,
            reason: `No offline speech recogniser for ${languageLabel(code)}: the local engine recognises English only (PocketSphinx en-us).`,
            fix: 'Use the cloud service for speech in this language.',
            tools: [],
          },
    ]),
  ) as Record<LanguageCode, Capability>;
}

function englishRecognition(toolchain: Toolchain): Capability {
  const tool = needTools(toolchain, ['pocketsphinx_continuous'], 'PocketSphinx (en-us model)');
  if (!tool.available) return tool;
  const missing = ENGLISH_MODEL_FILES.map((file) => join(MODEL_DIR, file)).filter(
    (path) => !existsSync(path),
  );
  if (missing.length === 0) return tool;
  return {
    ...tool,
    available: false,
    via: null,
    reason: `The PocketSphinx English model is missing (${missing.join(', ')}).`,
    fix: toolFix('pocketsphinx_continuous'),
  };
}

/** Every ordered pair of distinct languages: an Apertium route whose modes are installed, or why not. */
export function translationCapabilities(toolchain: Toolchain): TranslationPair[] {
  const apertium = needTools(toolchain, ['apertium'], 'Apertium');
  const modeThere = memo((mode: string) => existsSync(join(MODES_DIR, `${mode}.mode`)));
  const pairs: TranslationPair[] = [];
  for (const source of LANGUAGE_CODES) {
    for (const target of LANGUAGE_CODES) {
      if (source === target) continue;
      pairs.push({ source, target, ...pair(source, target, apertium, modeThere) });
    }
  }
  return pairs;
}

function pair(
  source: LanguageCode,
  target: LanguageCode,
  apertium: Capability,
  modeThere: (mode: string) => boolean,
): Capability {
  const route = translationRoute(source, target);
  if (route === null) {
    return {
      available: false,
      via: null,
      reason: `No offline translator from ${languageLabel(source)} to ${languageLabel(target)}. ${TRANSLATION_COVERAGE}`,
      fix: `Send a ${languageLabel(target)} script, or use the cloud service.`,
      tools: [],
    };
  }
  // es -> es_419 and pt -> pt_br keep the text as it is.
  if (route.length === 0)
    return { available: true, via: 'the same text', reason: null, fix: null, tools: [] };
  if (!apertium.available) return apertium;
  const missing = route.filter((mode) => !modeThere(mode));
  if (missing.length > 0) {
    return {
      available: false,
      via: null,
      reason: `The Apertium mode${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not installed (${MODES_DIR}).`,
      fix: toolFix('apertium'),
      tools: ['apertium'],
    };
  }
  return {
    available: true,
    via: `Apertium (${route.join(' → ')})`,
    reason: null,
    fix: null,
    tools: ['apertium'],
  };
}

/** A dubbing voice for each of the 17 languages, as the synthesis choice sees it. */
export async function voiceCapabilities(): Promise<Record<LanguageCode, Capability>> {
  const entries = await Promise.all(
    LANGUAGE_CODES.map(async (code): Promise<[LanguageCode, Capability]> => [
      code,
      voiceCapability(await chooseVoiceEngine(code)),
    ]),
  );
  return Object.fromEntries(entries) as Record<LanguageCode, Capability>;
}

function voiceCapability(choice: VoiceEngine): Capability {
  if (!choice.ok)
    return {
      available: false,
      via: null,
      reason: `No voice: ${choice.missing} is missing.`,
      fix: choice.fix,
      tools: ['espeak-ng'],
    };
  const tools =
    choice.kind === 'festival' ? ['text2wave'] : choice.kind === 'espeak-ng' ? ['espeak-ng'] : [];
  return {
    available: true,
    via: `${choice.kind} (${choice.voice})`,
    reason: null,
    fix: null,
    tools,
  };
}

function memo<T>(fn: (key: string) => T): (key: string) => T {
  const seen = new Map<string, T>();
  return (key) => {
    if (!seen.has(key)) seen.set(key, fn(key));
    return seen.get(key)!;
  };
}
