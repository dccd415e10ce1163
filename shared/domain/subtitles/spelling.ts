import { wholeWordPattern } from './find-replace';
import { visibleText } from './text';

/**
 * Words of a cue for spell checking: letters with inner apostrophes or hyphens (`don't`,
 * `arc-en-ciel`), taken from the visible text (markup and entities never count as words).
 * Skipped, as spell checkers in subtitle editors do: single letters, words with digits, and
 * all-capital acronyms (`NASA`).
 */
const WORD = /[\p{L}\p{M}\d]+(?:['’-][\p{L}\p{M}\d]+)*/gu;

export function spellWords(text: string): string[] {
  const words: string[] = [];
  for (const match of visibleText(text).matchAll(WORD)) {
    const word = match[0];
    if ([...word].length < 2 || /\d/.test(word)) continue;
    if (word === word.toLocaleUpperCase() && word !== word.toLocaleLowerCase()) continue;
    words.push(word);
  }
  return words;
}

/** Words the project says are right whatever a dictionary thinks, compared in lower case. */
export interface AcceptedWords {
  glossarySources: readonly string[];
  glossaryTargets: readonly string[];
  doNotTranslate: readonly string[];
  dictionary: readonly string[];
}

/**
 * The accepted words as one lower-case set: every glossary term (source and renderings), every
 * do-not-translate entry and the project dictionary, split into words, since a term can be
 * several words ("Soundstage Pro").
 */
export function acceptedWordSet(accepted: AcceptedWords): Set<string> {
  const set = new Set<string>();
  for (const list of Object.values(accepted) as (readonly string[])[])
    for (const entry of list)
      for (const match of entry.matchAll(WORD)) set.add(match[0].toLocaleLowerCase());
  return set;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every whole-word `word` replaced by `replacement` (the same string if none). */
export function replaceWord(text: string, word: string, replacement: string): string {
  return text.replace(wholeWordPattern(escape(word), 'gu'), () => replacement);
}

/** Flagged words of one cue: its words the dictionary rejected and the project does not accept. */
export function flaggedWords(
  words: readonly string[],
  isMisspelled: (word: string) => boolean,
  accepted: ReadonlySet<string>,
): string[] {
  const flagged: string[] = [];
  for (const word of words)
    if (!flagged.includes(word) && !accepted.has(word.toLocaleLowerCase()) && isMisspelled(word))
      flagged.push(word);
  return flagged;
}
