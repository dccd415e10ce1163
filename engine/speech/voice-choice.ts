import type { LanguageCode } from '../../shared/api/languages';
import { defaultToolchain } from '../../shared/node/toolchain';
import { ESPEAK_VOICES, festivalEnglishAvailable } from './voices';

/** Which speech synthesiser speaks a language on this machine, or what is missing. */
export type VoiceEngine =
  | { ok: true; kind: 'festival' | 'espeak-ng' | 'espeak-ng-wasm'; voice: string }
  | { ok: false; missing: string; fix: string };

export async function chooseVoiceEngine(language: LanguageCode): Promise<VoiceEngine> {
  if (language === 'en' && (await festivalEnglishAvailable()))
    return { ok: true, kind: 'festival', voice: 'kal_diphone' };
  if (defaultToolchain().has('espeak-ng'))
    return { ok: true, kind: 'espeak-ng', voice: ESPEAK_VOICES[language] };
  return {
    ok: false,
    missing: `a voice for ${language} (espeak-ng)`,
    fix: 'Install espeak-ng, or use the cloud service.',
  };
}
