import { access } from 'node:fs/promises';
import type { LanguageCode } from '../../shared/api/languages';

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

const FESTIVAL_KAL = '/usr/share/festival/voices/english/kal_diphone';

let festivalCheck: Promise<boolean> | undefined;

/** Festival's kal diphone voice is far clearer English than espeak (pocketsphinx WER 0.02 vs 0.6). */
export function festivalEnglishAvailable(): Promise<boolean> {
  festivalCheck ??= Promise.all([access('/usr/bin/text2wave'), access(FESTIVAL_KAL)]).then(
    () => true,
    () => false,
  );
  return festivalCheck;
}
