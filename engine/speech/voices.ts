import { access } from 'node:fs/promises';
import type { LanguageCode } from '../../shared/api/languages';
import { defaultToolchain } from '../../shared/node/toolchain';

/**
 * espeak-ng voice per language (docs/engine-notes.md section 5). zh_cn uses `cmn-latn-pinyin`: it
 * reads Han characters through its Mandarin dictionary as well as pinyin, whereas plain `cmn`
 * spells Han text out with English rules. Japanese kanji are read as "Chinese letter" by the
 * `ja` voice; only kana text is spoken properly.
 */
export const ESPEAK_VOICES: Record<LanguageCode, string> = {
  en: 'en-us',
  zh_cn: 'cmn-latn-pinyin',
  ja: 'ja',
  ko: 'ko',
  pt: 'pt',
  pt_br: 'pt-br',
  es: 'es',
  es_419: 'es-419',
  de: 'de',
  fr: 'fr-fr',
  it: 'it',
  ru: 'ru',
  th: 'th',
  ar: 'ar',
  tr: 'tr',
  vi: 'vi',
  id: 'id',
};

/** Debian's festvox-kallpc16k puts the kal diphone voice here; text2wave alone cannot speak. */
export const FESTIVAL_KAL = '/usr/share/festival/voices/english/kal_diphone';

/**
 * Festival's kal diphone voice is far clearer English than espeak (pocketsphinx WER 0.02 vs 0.6).
 * Usable when the toolchain finds a text2wave that runs and the voice folder exists; asked each
 * time (the toolchain caches the program, Settings may change it).
 */
export async function festivalEnglishAvailable(): Promise<boolean> {
  if (!defaultToolchain().has('text2wave')) return false;
  return access(FESTIVAL_KAL).then(
    () => true,
    () => false,
  );
}

/** espeak-ng's dictionary for a voice: the language part of its name (`cmn-latn-pinyin` → cmn). */
export function espeakDictionaryOf(voice: string): string {
  return voice.split('-')[0]!;
}
