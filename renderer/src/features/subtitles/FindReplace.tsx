import { useEffect, useMemo, useRef, useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import {
  applyReplacements,
  previewReplacements,
  type FindQuery,
} from '../../../../shared/domain/subtitles/find-replace';
import { Button } from '../../ui/Button';
import { focusCue } from './cue-focus';
import { editSubs, useSubsView } from './subs-store';

const PREVIEW_LIMIT = 200;

/** Find and replace across every language, plain or regex, previewing each change first. */
export function FindReplace({ part }: { part: SubtitlesPart }) {
  const [query, setQuery] = useState<FindQuery>({
    find: '',
    replace: '',
    regex: false,
    matchCase: false,
  });
  const findRef = useRef<HTMLInputElement>(null);
  const findFocus = useSubsView((s) => s.findFocus);
  useEffect(() => {
    if (findFocus > 0) findRef.current?.select();
  }, [findFocus]);

  const preview = useMemo(
    () => (query.find ? previewReplacements(part.languages, query) : []),
    [part.languages, query],
  );
  const error = 'error' in preview ? preview.error : null;
  const changes = 'error' in preview ? [] : preview;
  const total = changes.reduce((sum, change) => sum + change.matches, 0);
  const update = (patch: Partial<FindQuery>) => setQuery((q) => ({ ...q, ...patch }));

  return (
    <div className="subs-find" role="search" aria-label="Find and replace">
      <label className="field">
        <span className="field__label">Find</span>
        <input
          className="input"
          ref={findRef}
          data-testid="subs-find"
          value={query.find}
          onChange={(e) => update({ find: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">Replace with</span>
        <input
          className="input"
          data-testid="subs-replace"
          value={query.replace}
          onChange={(e) => update({ replace: e.target.value })}
        />
      </label>
      <div className="row small">
        <label>
          <input
            type="checkbox"
            checked={query.regex}
            onChange={(e) => update({ regex: e.target.checked })}
          />{' '}
          Regular expression
        </label>
        <label>
          <input
            type="checkbox"
            checked={query.matchCase}
            onChange={(e) => update({ matchCase: e.target.checked })}
          />{' '}
          Match case
        </label>
      </div>
      {error && query.find && (
        <p className="small subs-find__error" role="alert">
          {error}
        </p>
      )}
      {!error && query.find && (
        <p className="small muted" aria-live="polite">
          {total} match{total === 1 ? '' : 'es'} in {changes.length} cue
          {changes.length === 1 ? '' : 's'}
        </p>
      )}
      <Button
        variant="primary"
        data-testid="subs-replace-all"
        disabled={changes.length === 0}
        onClick={() =>
          editSubs(`Replace “${query.find}”`, (current) => ({
            ...current,
            languages: applyReplacements(current.languages, changes),
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
