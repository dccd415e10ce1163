import { memo, useEffect, useRef, useState } from 'react';
import { setCueText } from '../../../../shared/domain/subtitles/edits';
import { replaceWord } from '../../../../shared/domain/subtitles/spelling';
import { invokeResult } from '../../bridge/invoke';
import { Button } from '../../ui/Button';
import { focusCue } from './cue-focus';
import { editLanguage, editSubs } from './subs-store';
import { useSpell, type SpellTarget } from './spell-store';

/** Replaces the word in its cue (every whole-word occurrence there): one undo step. */
function replaceIn(target: SpellTarget, replacement: string) {
  editLanguage('Fix spelling', target.language, (cues) => {
    const cue = cues.find((c) => c.id === target.cueId);
    return cue ? setCueText(cues, cue.id, replaceWord(cue.text, target.word, replacement)) : cues;
  });
}

function addToDictionary(word: string) {
  editSubs('Add to project dictionary', (part) =>
    part.dictionary.includes(word) ? part : { ...part, dictionary: [...part.dictionary, word] },
  );
}

/** The suggestions for the word picked in the table, with replace and add-to-dictionary. */
function Suggestions({ target }: { target: SpellTarget }) {
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLDivElement>(null);
  const close = (refocus = true) => {
    useSpell.getState().set({ target: null });
    if (refocus) focusCue(target.cueId, target.language, false);
  };
  useEffect(() => {
    // Keyed by the target in SpellBar, so a new word mounts afresh (suggestions start null).
    let live = true;
    void invokeResult('spell:suggest', { language: target.language, word: target.word }).then(
      (answer) => {
        if (!live) return;
        if (answer.ok) setSuggestions(answer.value.suggestions);
        else setError(answer.error.message);
      },
    );
    return () => {
      live = false;
    };
  }, [target]);
  useEffect(() => {
    first.current?.querySelector('button')?.focus();
  }, [suggestions]);

  return (
    <div
      className="subs-spell__suggest"
      role="group"
      aria-label={`Spelling of “${target.word}”`}
      data-testid="spell-suggestions"
      ref={first}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <span className="small">
        “{target.word}” ({target.language}):
      </span>
      {suggestions === null && !error && <span className="small muted">looking…</span>}
      {error && <span className="small subs-find__error">{error}</span>}
      {suggestions?.length === 0 && <span className="small muted">no suggestions</span>}
      {suggestions?.map((word) => (
        <Button
          key={word}
          size="small"
          data-testid="spell-suggestion"
          onClick={() => (replaceIn(target, word), close())}
        >
          {word}
        </Button>
      ))}
      <Button
        size="small"
        variant="ghost"
        data-testid="spell-add-word"
        onClick={() => (addToDictionary(target.word), close())}
      >
        Add to project dictionary
      </Button>
      <Button size="small" variant="ghost" onClick={() => close()}>
        Close
      </Button>
    </div>
  );
}

/**
 * Spell check's line above the table: which shown languages have no dictionary (said once,
 * not as an error), a failure, and the suggestions of the picked word. It takes only the shown
 * languages, so a keystroke in a cue does not redraw it (docs/subtitles.md, "Speed").
 */
export const SpellBar = memo(function SpellBar({ shown }: { shown: readonly string[] }) {
  const languages = useSpell((s) => s.languages);
  const target = useSpell((s) => s.target);
  const without = shown.filter((code) => languages[code]?.available === false);
  const failed = shown.map((code) => languages[code]?.error).find(Boolean);
  if (without.length === 0 && !failed && !target) return null;
  return (
    <div className="subs-spell" data-testid="spell-bar">
      {without.length > 0 && (
        <span className="small muted" data-testid="spell-unavailable">
          No spell check for {without.join(', ')}
        </span>
      )}
      {failed && <span className="small subs-find__error">{failed}</span>}
      {target && (
        <Suggestions key={`${target.language}:${target.cueId}:${target.word}`} target={target} />
      )}
    </div>
  );
});
