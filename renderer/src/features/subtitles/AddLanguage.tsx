import { memo, useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../../../shared/api/languages';
import { translationColumn } from '../../../../shared/domain/subtitles/start-translation';
import { Button } from '../../ui/Button';
import { editSubs } from './subs-store';

/**
 * Starts a translation: a new language column with the source's cues and timings and empty
 * text, shown beside the source. One undo step. Drawn again only when the languages or the
 * source change, not on every edit of a cue (its list of languages is long).
 */
export const AddLanguage = memo(function AddLanguage({ part }: { part: SubtitlesPart }) {
  const free = LANGUAGE_CODES.filter((code) => !(code in part.languages));
  const [choice, setChoice] = useState<string>('');
  const language = free.includes(choice as never) ? choice : (free[0] ?? '');
  const source = part.sourceLanguage ?? part.shown[0] ?? Object.keys(part.languages)[0] ?? '';

  const add = () => {
    editSubs(`Add language ${language}`, (current) => {
      const cues = translationColumn(current.languages, source, language);
      if (!cues) return current;
      return {
        ...current,
        languages: { ...current.languages, [language]: cues },
        sourceLanguage: current.sourceLanguage ?? source,
        shown: [source, language],
      };
    });
  };

  if (!source || free.length === 0) return null;
  return (
    <form
      className="row subs-add-language"
      data-testid="subs-add-language"
      aria-label="Start a translation"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <label className="small" htmlFor="subs-add-language-select">
        Translate {source} into
      </label>
      <select
        id="subs-add-language-select"
        className="select"
        data-testid="subs-add-language-select"
        value={language}
        onChange={(event) => setChoice(event.target.value)}
      >
        {free.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]} ({code})
          </option>
        ))}
      </select>
      <Button type="submit" size="small" data-testid="subs-add-language-confirm">
        Add language
      </Button>
    </form>
  );
}, sameLanguages);

function sameLanguages(a: { part: SubtitlesPart }, b: { part: SubtitlesPart }): boolean {
  return (
    a.part.sourceLanguage === b.part.sourceLanguage &&
    a.part.shown[0] === b.part.shown[0] &&
    Object.keys(a.part.languages).join() === Object.keys(b.part.languages).join()
  );
}
