import type { LanguageCode } from '../../shared/api/languages';
import { defaultToolchain } from '../../shared/node/toolchain';
import { espeakWasmInventory } from './espeak-wasm';
import { ESPEAK_VOICES, espeakDictionaryOf, festivalEnglishAvailable } from './voices';

/** Which speech synthesiser speaks a language on this machine, or what is missing. */
export type VoiceEngine =
  | { ok: true; kind: 'festival' | 'espeak-ng' | 'espeak-ng-wasm'; voice: string }
  | { ok: false; missing: string; fix: string };

export interface VoiceChoiceOptions {
  /** Speak English with espeak-ng even when Festival is installed. */
  espeakOnly?: boolean;
}

/**
 * Festival for English when it and its kal voice are installed (far clearer, docs/engine-notes.md
 * 5); the espeak-ng program when the toolchain finds one; else the espeak-ng WebAssembly build
 * that ships with the app, for the languages whose voice and dictionary its data holds.
 */
export async function chooseVoiceEngine(
  language: LanguageCode,
  options: VoiceChoiceOptions = {},
): Promise<VoiceEngine> {
  const voice = ESPEAK_VOICES[language];
  if (language === 'en' && !options.espeakOnly && (await festivalEnglishAvailable()))
    return { ok: true, kind: 'festival', voice: 'kal_diphone' };
  if (defaultToolchain().has('espeak-ng')) return { ok: true, kind: 'espeak-ng', voice };
  const inventory = await espeakWasmInventory();
  if (!inventory)
    return {
      ok: false,
      missing: `a voice for ${language}: neither espeak-ng nor its bundled WebAssembly build can run`,
      fix: 'Install espeak-ng, reinstall Soundstage, or use the cloud service.',
    };
  const dictionary = espeakDictionaryOf(voice);
  if (!inventory.voices.includes(voice) || !inventory.dictionaries.includes(dictionary))
    return {
      ok: false,
      missing: `the ${voice} voice for ${language} (the bundled espeak-ng lacks its ${inventory.voices.includes(voice) ? `${dictionary} dictionary` : 'voice file'})`,
      fix: 'Install espeak-ng, or use the cloud service.',
    };
  return { ok: true, kind: 'espeak-ng-wasm', voice };
}
