import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import {
  applyReplacements,
  previewReplacements,
  type FindQuery,
} from '../../../../shared/domain/subtitles/find-replace';
import { Button } from '../../ui/Button';
import { focusCue } from './cue-focus';
import { editSubs, useSubsView } from './subs-store';
import { useFindCursor } from './use-find-cursor';

const PREVIEW_LIMIT = 200;

function Option(props: {
  label: string;
  checked: boolean;
  testId: string;
  set: (v: boolean) => void;
}) {
  return (
    <label>
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.set(e.target.checked)}
      />{' '}
      {props.label}
    </label>
  );
}

/** The current match's text with the match marked. */
function Marked({ text, start, end }: { text: string; start: number; end: number }): ReactNode {
  return (
    <>
      {text.slice(Math.max(0, start - 40), start)}
      <mark>{text.slice(start, end)}</mark>
      {text.slice(end, end + 40)}
    </>
  );
}

/**
 * Find and replace: one match at a time in the shown columns (next, previous, replace then go
 * on), or everything at once across every language with a preview of each change.
 */
export function FindReplace({ part }: { part: SubtitlesPart }) {
  const [query, setQuery] = useState<FindQuery>({
    find: '',
    replace: '',
    regex: false,
    matchCase: false,
    wholeWord: false,
  });
  const findRef = useRef<HTMLInputElement>(null);
  const replaceRef = useRef<HTMLInputElement>(null);
  const findFocus = useSubsView((s) => s.findFocus);
  useEffect(() => {
    if (findFocus === 0) return;
    const field = useSubsView.getState().findField === 'replace' ? replaceRef : findRef;
    field.current?.select();
  }, [findFocus]);

  const preview = useMemo(
    () => (query.find ? previewReplacements(part.languages, query) : []),
    [part.languages, query],
  );
  const one = useFindCursor(part, query);
  // F3 / Shift+F3 step the match from anywhere on the screen (the command bumps findStep).
  const stepRef = useRef(one);
  useLayoutEffect(() => {
    stepRef.current = one;
  });
  const findStep = useSubsView((s) => s.findStep);
  useEffect(() => {
    if (findStep.count === 0) return;
    if (findStep.direction === 1) stepRef.current.next();
    else stepRef.current.previous();
  }, [findStep]);
  const error = 'error' in preview ? preview.error : null;
  const changes = 'error' in preview ? [] : preview;
  const total = changes.reduce((sum, change) => sum + change.matches, 0);
  const update = (patch: Partial<FindQuery>) => setQuery((q) => ({ ...q, ...patch }));
  const current = one.current;
  const currentText = current
    ? part.languages[current.language]?.find((c) => c.id === current.cueId)?.text
    : undefined;

  return (
    <div className="subs-find" role="search" aria-label="Find and replace">
      <label className="field">
        <span className="field__label">Find</span>
        <input
          className="input"
          ref={findRef}
          data-testid="subs-find"
          value={query.find}
          aria-invalid={!!error && !!query.find}
          aria-describedby={error && query.find ? 'subs-find-error' : undefined}
          onChange={(e) => update({ find: e.target.value })}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (e.shiftKey) one.previous();
            else one.next();
          }}
        />
      </label>
      {error && query.find && (
        <p id="subs-find-error" className="small subs-find__error" role="alert">
          {error}
        </p>
      )}
      <label className="field">
        <span className="field__label">Replace with</span>
        <input
          className="input"
          ref={replaceRef}
          data-testid="subs-replace"
          value={query.replace}
          onChange={(e) => update({ replace: e.target.value })}
        />
      </label>
      <div className="row small">
        <Option
          label="Whole word"
          testId="subs-find-whole-word"
          checked={!!query.wholeWord}
          set={(wholeWord) => update({ wholeWord })}
        />
        <Option
          label="Match case"
          testId="subs-find-match-case"
          checked={query.matchCase}
          set={(matchCase) => update({ matchCase })}
        />
        <Option
          label="Regular expression"
          testId="subs-find-regex"
          checked={query.regex}
          set={(regex) => update({ regex })}
        />
      </div>
      <div className="row">
        <Button
          size="small"
          data-testid="subs-find-previous"
          disabled={one.matches.length === 0}
          onClick={one.previous}
        >
          Previous
        </Button>
        <Button
          size="small"
          data-testid="subs-find-next"
          disabled={one.matches.length === 0}
          onClick={one.next}
        >
          Next
        </Button>
        <Button
          size="small"
          data-testid="subs-replace-one"
          disabled={one.matches.length === 0}
          onClick={one.replaceCurrent}
        >
          Replace
        </Button>
      </div>
      {!error && query.find && (
        <p className="small muted" aria-live="polite" data-testid="subs-find-status">
          {current ? `Match ${one.currentIndex + 1} of ${one.matches.length} in the table · ` : ''}
          {total} match{total === 1 ? '' : 'es'} in {changes.length} cue
          {changes.length === 1 ? '' : 's'}
        </p>
      )}
      {one.message && <p className="small subs-find__error">{one.message}</p>}
      {current && currentText !== undefined && (
        <p
          className="small subs-find__current"
          data-testid="subs-find-current"
          data-cue-id={current.cueId}
          data-lang={current.language}
        >
          <span className="mono faint">{current.language}</span>{' '}
          <Marked text={currentText} start={current.start} end={current.end} />
        </p>
      )}
      <Button
        variant="primary"
        data-testid="subs-replace-all"
        disabled={changes.length === 0}
        onClick={() =>
          editSubs(`Replace “${query.find}”`, (now) => ({
            ...now,
            languages: applyReplacements(now.languages, changes),
          }))
        }
      >
        Replace all ({changes.length})
      </Button>
      <ul className="subs-find__preview" aria-label="Changes">
        {changes.slice(0, PREVIEW_LIMIT).map((change) => (
          <li key={`${change.language}:${change.cueId}`} data-testid="subs-replace-preview">
            <button
              type="button"
              className="subs-qc__goto small"
              onClick={() => focusCue(change.cueId, change.language)}
            >
              <span className="mono faint">{change.language}</span> <del>{change.before}</del> →{' '}
              <ins>{change.after}</ins>
            </button>
          </li>
        ))}
      </ul>
      {changes.length > PREVIEW_LIMIT && (
        <p className="small faint">and {changes.length - PREVIEW_LIMIT} more</p>
      )}
    </div>
  );
}
