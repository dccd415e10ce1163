import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import type { EncodingCandidate, SubtitleEncoding } from '../../domain/subtitles/encodings';
import { SUBTITLE_ENCODINGS } from '../../domain/subtitles/encodings';

/**
 * Which legacy (non-Unicode) encoding a subtitle file is in. chardet proposes candidates with a
 * confidence; we then decode the sample in each and mark down what reads like mojibake, because
 * chardet often names the ISO sibling of the Windows code page subtitle files actually use, and
 * is unsure on short files. Why chardet: docs/decisions/084-encoding-detector.md.
 */

/** chardet's names -> ours. ISO-8859-1 is read as its superset windows-1252. */
const FROM_CHARDET: Record<string, SubtitleEncoding> = {
  'ISO-8859-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  'ISO-8859-2': 'iso-8859-2',
  'windows-1250': 'windows-1250',
  'ISO-8859-5': 'iso-8859-5',
  'windows-1251': 'windows-1251',
  'KOI8-R': 'koi8-r',
  'ISO-8859-6': 'iso-8859-6',
  'windows-1256': 'windows-1256',
  'ISO-8859-7': 'iso-8859-7',
  'windows-1253': 'windows-1253',
  'ISO-8859-8': 'iso-8859-8',
  'windows-1255': 'windows-1255',
  'ISO-8859-9': 'iso-8859-9',
  'windows-1254': 'windows-1254',
  'windows-1257': 'windows-1257',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  GB18030: 'gb18030',
  Big5: 'big5',
  'EUC-KR': 'euc-kr',
};

/**
 * Encodings that share most of their letters with a candidate, so they are tried too. The
 * Windows code page comes first: it is what subtitle files from the era are written in.
 */
const SIBLINGS: Partial<Record<SubtitleEncoding, SubtitleEncoding[]>> = {
  'iso-8859-7': ['windows-1253'],
  'iso-8859-8': ['windows-1255'],
  'iso-8859-6': ['windows-1256'],
  'iso-8859-9': ['windows-1254'],
  'iso-8859-2': ['windows-1250'],
  'iso-8859-5': ['windows-1251'],
  // chardet cannot tell these Latin pages apart on short text; the mojibake check and the
  // file's language label can.
  'windows-1252': ['windows-1254', 'windows-1250'],
};

/** Language (chardet's `lang`) each legacy encoding is used for, to honour a file's label. */
const LANGUAGES: Partial<Record<SubtitleEncoding, readonly string[]>> = {
  'windows-1252': ['en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'sv', 'da', 'no', 'fi', 'ca'],
  'windows-1250': ['cs', 'pl', 'hu', 'sk', 'sl', 'hr', 'ro', 'sr'],
  'iso-8859-2': ['cs', 'pl', 'hu', 'sk', 'sl', 'hr', 'ro'],
  'windows-1251': ['ru', 'uk', 'bg', 'sr', 'be', 'mk'],
  'koi8-r': ['ru'],
  'iso-8859-5': ['ru', 'bg'],
  'windows-1253': ['el'],
  'iso-8859-7': ['el'],
  'windows-1254': ['tr'],
  'iso-8859-9': ['tr'],
  'windows-1255': ['he'],
  'iso-8859-8': ['he'],
  'windows-1256': ['ar', 'fa', 'ur'],
  'iso-8859-6': ['ar'],
  shift_jis: ['ja'],
  'euc-jp': ['ja'],
  gb18030: ['zh', 'zh_cn'],
  big5: ['zh', 'zh_tw'],
  'euc-kr': ['ko'],
};

/** Below this the detector's top guess is a guess: the user chooses. */
export const SURE_CONFIDENCE = 50;
/**
 * chardet is unsure on a few lines of text; a guess this high that decodes with no mark of
 * mojibake, and with no rival close to it, is taken without asking.
 */
export const SURE_WHEN_CLEAN = 30;
/** ...and only with this many non-ASCII bytes read: a word or two proves nothing. */
const MIN_BYTES_CLEAN = 8;
/** Kana in the decoded text are Japanese's own letters: a Japanese encoding gains this much. */
const KANA_BONUS = 30;
const KANA = /[\u3041-\u3096\u30a1-\u30fa]/gu;
const JAPANESE: readonly SubtitleEncoding[] = ['shift_jis', 'euc-jp'];
/** A runner-up this close (that reads differently) means the user chooses. */
export const CLOSE_SECOND = 15;
const SAMPLE_BYTES = 64 * 1024;

export function decodeAs(bytes: Uint8Array, encoding: SubtitleEncoding): string {
  switch (encoding) {
    case 'utf-8-bom':
      return new TextDecoder('utf-8').decode(bytes);
    case 'utf-8':
    case 'utf-16le':
    case 'utf-16be':
      return new TextDecoder(encoding).decode(bytes);
    default:
      return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  }
}

const LETTER = /\p{L}/u;
/** Script of a letter, coarse: enough to see a word that mixes alphabets (mojibake's mark). */
function scriptOf(char: string): string {
  if (/\p{Script=Latin}/u.test(char)) return 'latin';
  if (/\p{Script=Cyrillic}/u.test(char)) return 'cyrillic';
  if (/\p{Script=Greek}/u.test(char)) return 'greek';
  if (/\p{Script=Hebrew}/u.test(char)) return 'hebrew';
  if (/\p{Script=Arabic}/u.test(char)) return 'arabic';
  return 'other';
}

/**
 * How much of the decoded text looks broken, 0 (clean) to 100: replacement characters,
 * C1 control codes and private-use characters (bytes the encoding has no letter for), symbols
 * wedged inside words, and words that switch alphabet midway ("Ïðèâåò" is Latin letters where
 * Cyrillic was meant, next to plain ASCII words it reads as Latin, so whole-word mixing counts).
 */
export function mojibakeScore(text: string): number {
  const { suspicious, nonAscii } = mojibakeCount(text);
  return nonAscii === 0 ? 0 : Math.min(100, (100 * suspicious) / nonAscii);
}

/** The raw count behind mojibakeScore: suspicious marks, and non-ASCII characters seen. */
function mojibakeCount(text: string): { suspicious: number; nonAscii: number } {
  let suspicious = 0;
  let nonAscii = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) continue;
    nonAscii += 1;
    if (
      code === 0xfffd ||
      (code >= 0x80 && code <= 0x9f) ||
      (code >= 0xe000 && code <= 0xf8ff) ||
      code === 0xfffe
    )
      suspicious += 3;
    // Half-width katakana: next to unheard of in subtitles, and what Chinese or Korean bytes
    // become when read as Shift-JIS.
    else if (code >= 0xff61 && code <= 0xff9f) suspicious += 1;
  }
  if (nonAscii === 0) return { suspicious: 0, nonAscii };
  for (const word of text.split(/[\s\d\p{P}]+/u)) {
    if (word.length < 2 || /^[\x20-\x7e]*$/.test(word)) continue;
    let script: string | null = null;
    let mixed = false;
    let symbols = 0;
    let lowerThenUpper = false;
    let previousLower = false;
    for (const char of word) {
      if (!LETTER.test(char)) {
        if (!/\p{M}/u.test(char)) symbols += 1;
        previousLower = false;
        continue;
      }
      const current = scriptOf(char);
      if (script !== null && current !== script) mixed = true;
      script = current;
      const lower = char !== char.toUpperCase();
      if (previousLower && !lower && char !== char.toLowerCase()) lowerThenUpper = true;
      previousLower = lower;
    }
    // "пРИВЕТ": KOI8-R read as windows-1251 swaps letter case.
    if (mixed || lowerThenUpper) suspicious += 2;
    if (symbols > 0 && symbols < [...word].length) suspicious += symbols;
  }
  return { suspicious, nonAscii };
}

function nonAsciiBytes(bytes: Uint8Array): number {
  let count = 0;
  for (const byte of bytes) if (byte >= 0x80) count += 1;
  return count;
}

export interface Detection {
  encoding: SubtitleEncoding;
  sure: boolean;
  candidates: EncodingCandidate[];
}

/**
 * Ranks legacy encodings for bytes that are not valid UTF-8. `language` (the file's label, e.g.
 * "tr" from `clip.tr.srt`) breaks ties towards the encodings used for that language.
 */
export function detectLegacyEncoding(bytes: Uint8Array, language?: string | null): Detection {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const proposed = new Map<SubtitleEncoding, number>();
  for (const match of analyse(sample)) {
    const encoding = FROM_CHARDET[match.name];
    if (!encoding) continue;
    if (!proposed.has(encoding)) proposed.set(encoding, match.confidence);
    for (const sibling of SIBLINGS[encoding] ?? []) {
      // A sibling starts one point above the ISO name chardet gave, so where both decode alike
      // the Windows page wins; where they differ, the mojibake check decides.
      const bonus = encoding.startsWith('iso-') ? 1 : -1;
      const inherited = Math.max(0, Math.min(100, match.confidence + bonus));
      if ((proposed.get(sibling) ?? -1) < inherited) proposed.set(sibling, inherited);
    }
  }
  if (proposed.size === 0) proposed.set('windows-1252', 10);
  const languageFamily = language?.split(/[_-]/)[0]?.toLowerCase();
  if (language) {
    // Too little text for chardet to name the label's encoding: try it anyway.
    for (const [encoding, languages] of Object.entries(LANGUAGES) as [SubtitleEncoding, string[]][])
      if (
        !proposed.has(encoding) &&
        (languages.includes(language) || languages.includes(languageFamily ?? ''))
      )
        proposed.set(encoding, 0);
  }
  const decodedBy = new Map<SubtitleEncoding, string>();
  const marksOf = new Map<SubtitleEncoding, number>();
  const ranked = [...proposed].map(([encoding, confidence]) => {
    const text = decodeAs(sample, encoding);
    decodedBy.set(encoding, text);
    const languages = LANGUAGES[encoding] ?? [];
    const labelled =
      !!language && (languages.includes(language) || languages.includes(languageFamily ?? ''));
    const { suspicious, nonAscii } = mojibakeCount(text);
    marksOf.set(encoding, suspicious);
    const mojibake = nonAscii === 0 ? 0 : Math.min(100, (100 * suspicious) / nonAscii);
    const kana = JAPANESE.includes(encoding) && (text.match(KANA)?.length ?? 0) >= 3;
    const score = confidence - mojibake + (labelled ? 20 : 0) + (kana ? KANA_BONUS : 0);
    return { encoding, confidence: Math.round(Math.max(0, Math.min(100, score))) };
  });
  ranked.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      SUBTITLE_ENCODINGS.indexOf(a.encoding) - SUBTITLE_ENCODINGS.indexOf(b.encoding),
  );
  const best = ranked[0]!;
  const bestText = decodedBy.get(best.encoding);
  // A runner-up that decodes to the very same text is no doubt at all (ISO vs Windows page on
  // a file using only their shared letters), nor is one that reads worse than the best.
  const rival = ranked.find(
    (other) =>
      other !== best &&
      other.confidence >= best.confidence - CLOSE_SECOND &&
      decodedBy.get(other.encoding) !== bestText &&
      marksOf.get(other.encoding)! <= marksOf.get(best.encoding)!,
  );
  const clean =
    marksOf.get(best.encoding) === 0 &&
    nonAsciiBytes(sample) >= MIN_BYTES_CLEAN &&
    best.confidence >= SURE_WHEN_CLEAN;
  return {
    encoding: best.encoding,
    sure: (best.confidence >= SURE_CONFIDENCE || clean) && !rival,
    candidates: ranked,
  };
}
