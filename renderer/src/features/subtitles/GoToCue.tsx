import { useEffect, useId, useRef, useState } from 'react';
import { readCueNumber } from '../../../../shared/domain/subtitles/go-to-cue';
import { Button } from '../../ui/Button';
import { focusCue, tableRows } from './cue-focus';
import { useSubsView } from './subs-store';

/** The field Ctrl+G focuses (also when it is already open). */
export const GO_TO_INPUT = '[data-testid="subs-goto-input"]';

/** Ctrl+G: opens the field, or gives it focus again when it is open. */
export function openGoTo(): void {
  const view = useSubsView.getState();
  if (view.goTo) document.querySelector<HTMLInputElement>(GO_TO_INPUT)?.select();
  else view.set({ goTo: true });
}

/**
 * "Go to cue" (Ctrl+G, Subtitle Edit's key): a cue number, as the table numbers its rows; Enter
 * selects that row, scrolls to it and focuses its text. A number outside the script is refused
 * at the field; Esc closes it and gives focus back to where it was.
 */
export function GoToCue() {
  const set = useSubsView((s) => s.set);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<Element | null>(null);
  const errorId = useId();

  useEffect(() => {
    returnTo.current = document.activeElement;
    input.current?.focus();
  }, []);

  const cancel = () => {
    set({ goTo: false });
    if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected)
      returnTo.current.focus();
  };
  const go = (event: React.FormEvent) => {
    event.preventDefault();
    const rows = tableRows();
    const answer = readCueNumber(typed, rows.length);
    if ('error' in answer) {
      setError(answer.error);
      input.current?.select();
      return;
    }
    const id = rows[answer.index]!.id;
    set({ goTo: false, selection: [], anchor: id });
    focusCue(id);
  };

  return (
    <form
      className="row subs-goto"
      data-testid="subs-goto-form"
      aria-label="Go to cue"
      onSubmit={go}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here, so the global Esc does not also take focus out of the field.
        event.preventDefault();
        cancel();
      }}
    >
      <label className="row small">
        <span>Go to cue number</span>
        <input
          ref={input}
          className="input subs-goto__input"
          data-testid="subs-goto-input"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
      </label>
      <Button size="small" variant="primary" type="submit" data-testid="subs-goto-apply">
        Go
      </Button>
      <Button size="small" variant="ghost" onClick={cancel} aria-keyshortcuts="Escape">
        Cancel
      </Button>
      {error && (
        <span
          id={errorId}
          className="small cue-time__error--inline"
          role="alert"
          data-testid="subs-goto-error"
        >
          {error}
        </span>
      )}
    </form>
  );
}
