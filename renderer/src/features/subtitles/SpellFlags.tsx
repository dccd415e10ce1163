import { memo, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import {
  acceptedWordSet,
  flaggedWords,
  spellWords,
} from '../../../../shared/domain/subtitles/spelling';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { subsDocument } from './subs-store';
import { requestSpelling, useSpell } from './spell-store';

let acceptedCache: { glossary: unknown; dictionary: unknown; set: Set<string> } | null = null;

/** Glossary, do-not-translate and project dictionary words, rebuilt only when those change. */
function accepted(part: SubtitlesPart): Set<string> {
  if (acceptedCache?.glossary === part.glossary && acceptedCache.dictionary === part.dictionary)
    return acceptedCache.set;
  const set = acceptedWordSet({
    glossarySources: part.glossary.terms.map((t) => t.source),
    glossaryTargets: part.glossary.terms.flatMap((t) => Object.values(t.targets)),
    doNotTranslate: part.glossary.doNotTranslate,
    dictionary: part.dictionary,
  });
  acceptedCache = { glossary: part.glossary, dictionary: part.dictionary, set };
  return set;
}

/**
 * The misspelled words of one cell, each a button that opens its suggestions. The words are
 * split again only when the text changes; main is asked about a word once per language.
 */
export const SpellFlags = memo(function SpellFlags(props: {
  cueId: string;
  language: string;
  text: string;
}) {
  const { cueId, language, text } = props;
  const words = useMemo(() => spellWords(text), [text]);
  useEffect(() => requestSpelling(language, words), [language, words]);
  const okWords = useStore(subsDocument, (s) => accepted(s.history.present));
  // The flagged words as one string: an answer about other cells' words (one per key press
  // while typing) leaves this string, and so this cell, unchanged (docs/subtitles.md, "Speed").
  const joined = useSpell((s) => {
    const wrong = s.languages[language]?.wrong;
    return wrong ? flaggedWords(words, (w) => wrong.get(w) === true, okWords).join('\n') : '';
  });
  const flagged = useMemo(() => (joined ? joined.split('\n') : []), [joined]);
  if (flagged.length === 0) return null;
  return (
    <span className="cue-row__spell small">
      {flagged.map((word) => (
        <button
          key={word}
          type="button"
          className="spell-issue"
          data-testid="spell-issue"
          data-cue-id={cueId}
          data-word={word}
          aria-label={`Misspelled: ${word}. Show suggestions`}
          onClick={(event) => {
            event.stopPropagation();
            useSpell.getState().set({ target: { cueId, language, word } });
          }}
        >
          {word}
        </button>
      ))}
    </span>
  );
});
