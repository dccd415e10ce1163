/** Language codes accepted by dubbing and proofread (spec, newest list). */
export const LANGUAGE_CODES = [
  'en',
  'zh_cn',
  'ja',
  'ko',
  'pt',
  'pt_br',
  'es',
  'es_419',
  'de',
  'fr',
  'it',
  'ru',
  'th',
  'ar',
  'tr',
  'vi',
  'id',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  zh_cn: 'Chinese (Simplified)',
  ja: 'Japanese',
  ko: 'Korean',
  pt: 'Portuguese',
  pt_br: 'Portuguese (Brazil)',
  es: 'Spanish',
  es_419: 'Spanish (Latin America)',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  ru: 'Russian',
  th: 'Thai',
  ar: 'Arabic',
  tr: 'Turkish',
  vi: 'Vietnamese',
  id: 'Indonesian',
};

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Dubbing bills three languages when `languages` is omitted. */
export const DEFAULT_DUBBING_LANGUAGES: LanguageCode[] = ['zh_cn', 'es', 'fr'];

/**
 * Languages the local engine can dub into without a script: it translates the English
 * transcript offline (Apertium), and has routes only into these. Other languages need a script.
 */
export const LOCAL_TRANSLATION_LANGUAGES: readonly LanguageCode[] = [
  'en',
  'es',
  'es_419',
  'fr',
  'it',
  'pt',
  'pt_br',
];
