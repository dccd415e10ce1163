import type { LanguageCode } from '../../shared/api/languages';

/** Reading norms a cue is measured against (docs/product-notes.md 1.1, "Streaming (Netflix-like)" profile). */
export interface ReadingNorms {
  maxLineChars: number;
  maxLines: number;
  maxCharsPerSecond: number;
  minDuration: number;
  maxDuration: number;
}

const STREAMING: ReadingNorms = {
  maxLineChars: 42,
  maxLines: 2,
  maxCharsPerSecond: 17,
  minDuration: 0.833,
  maxDuration: 7,
};

/**
 * Per-language overrides. English adults read faster (20 CPS); Chinese, Japanese and Korean are
 * measured in characters that each carry far more text, so their limits are much lower
 * (Netflix per-language guides: zh 16 per line / 9 CPS, ja 13 / 4, ko 16 / 12); Thai writes
 * without spaces and gets a shorter line.
 */
const OVERRIDES: Partial<Record<LanguageCode, Partial<ReadingNorms>>> = {
  en: { maxCharsPerSecond: 20 },
  zh_cn: { maxLineChars: 16, maxCharsPerSecond: 9 },
  ja: { maxLineChars: 13, maxCharsPerSecond: 4 },
  ko: { maxLineChars: 16, maxCharsPerSecond: 12 },
  th: { maxLineChars: 35, maxCharsPerSecond: 15 },
};

export function readingNorms(language: LanguageCode): ReadingNorms {
  return { ...STREAMING, ...OVERRIDES[language] };
}

/** Languages written without spaces between words: lines may break between any two characters. */
export function breaksAnywhere(language: LanguageCode): boolean {
  return language === 'zh_cn' || language === 'ja' || language === 'th';
}

/**
 * Characters a reader sees on one line. Combining marks (Thai vowel and tone marks, Arabic
 * harakat) sit on their base letter and take no width, so they are not counted.
 */
export function displayLength(line: string): number {
  return [...line.replace(/\p{M}/gu, '')].length;
}
