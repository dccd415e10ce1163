import { detectAll } from 'tinyld';
import type { LanguageCode } from '../../api/languages';
import { LANGUAGE_CODES } from '../../api/languages';

/**
 * tinyld answers ISO 639-1 codes. Our codes that share a written language map to one family:
 * pt and pt_br are both "pt", es and es_419 both "es", zh_cn is "zh". Malay ("ms") is written
 * almost like Indonesian and tinyld confuses the two, so it counts as Indonesian.
 */
const FAMILY_OF_DETECTED: Record<string, string> = { ms: 'id' };

export function languageFamily(code: LanguageCode): string {
  if (code === 'pt_br') return 'pt';
  if (code === 'es_419') return 'es';
  if (code === 'zh_cn') return 'zh';
  return code;
}

/**
 * Below this much text a one-sentence detector guesses; no verdict is given. Han, kana and
 * Hangul characters each carry about a word, so they weigh three letters.
 */
const MIN_LETTERS_FOR_VERDICT = 20;

function letterWeight(text: string): number {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const ideographic = (
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []
  ).length;
  return letters + 2 * ideographic;
}

/**
 * tinyld over the same text twice (a read guesses the language, then checks the label, on one
 * sample) costs twice; the last answer is kept. Detection is a pure function of the text.
 */
let lastDetection: { text: string; result: ReturnType<typeof detectAll> } | null = null;
function detectOnce(text: string): ReturnType<typeof detectAll> {
  if (lastDetection?.text !== text) lastDetection = { text, result: detectAll(text) };
  return lastDetection.result;
}

export interface LanguageVerdict {
  /** false only when the text is confidently another language. */
  matches: boolean;
  /** The detector's best family, or null when the text is too short or undetectable. */
  detected: string | null;
  accuracy: number;
}

export interface LanguageGuess {
  /** tinyld's family code (ISO 639-1, e.g. "es" for es and es_419). */
  family: string;
  /** Our language code for that family when there is exactly one obvious one, else null. */
  code: LanguageCode | null;
  accuracy: number;
}

const CODE_OF_FAMILY: Record<string, LanguageCode> = { zh: 'zh_cn' };

/** The language the text reads as, or null when it is too short to tell. Runs locally. */
export function guessLanguage(text: string): LanguageGuess | null {
  if (letterWeight(text) < MIN_LETTERS_FOR_VERDICT) return null;
  const top = detectOnce(text)[0];
  if (!top) return null;
  const family = FAMILY_OF_DETECTED[top.lang] ?? top.lang;
  const code =
    CODE_OF_FAMILY[family] ??
    ((LANGUAGE_CODES as readonly string[]).includes(family) ? (family as LanguageCode) : null);
  return { family, code, accuracy: top.accuracy };
}

/** Checks that text is written in the declared language (all cues concatenated). */
export function checkDeclaredLanguage(text: string, declared: LanguageCode): LanguageVerdict {
  if (letterWeight(text) < MIN_LETTERS_FOR_VERDICT)
    return { matches: true, detected: null, accuracy: 0 };
  const candidates = detectOnce(text).map((c) => ({
    family: FAMILY_OF_DETECTED[c.lang] ?? c.lang,
    accuracy: c.accuracy,
  }));
  const top = candidates[0];
  if (!top) return { matches: true, detected: null, accuracy: 0 };
  const family = languageFamily(declared);
  // A close runner-up in the declared language is not a mismatch: related languages (es/pt/it)
  // share much vocabulary and short scripts can tip either way.
  const declaredCandidate = candidates.find((c) => c.family === family);
  const matches = top.family === family || (declaredCandidate?.accuracy ?? 0) >= top.accuracy * 0.5;
  return { matches, detected: top.family, accuracy: top.accuracy };
}
