import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { duplicateBindings, platformOf } from '../../../../shared/domain/commands';
import { Button } from '../../ui/Button';
import { activeScopes, allCommands, isEnabled, useRegisteredCommands } from './registry';
import { refreshNativeMenu } from './menu-refresh';
import { sheetSections } from './sheet-model';
import { useShortcutsSheet } from './sheet-store';
import { useKeyboardLayout } from './use-keyboard-layout';
import './shortcuts-sheet.css';

const platform = platformOf(typeof navigator === 'undefined' ? undefined : navigator.platform);

/**
 * Every command on screen with its keys, grouped by scope, searchable. A row runs its command
 * (Enter or click), ↑/↓ move between the search box and the rows, Tab stays inside, Esc closes
 * and gives focus back to where it was.
 */
export function ShortcutsSheet() {
  const open = useShortcutsSheet((state) => state.open);
  return open ? <SheetDialog /> : null;
}

function SheetDialog() {
  const setOpen = useShortcutsSheet((state) => state.setOpen);
  const registrations = useRegisteredCommands();
  const [query, setQuery] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const returnFocus = useRef<Element | null>(null);
  const layout = useKeyboardLayout();

  const live = useMemo(() => {
    const scopes = activeScopes(registrations);
    return allCommands(registrations).filter((command) => scopes.includes(command.scope));
  }, [registrations]);
  const sections = useMemo(
    () =>
      sheetSections(
        live.map((command) => ({ ...command, enabled: isEnabled(command) })),
        query,
        platform,
        layout,
      ),
    [live, query, layout],
  );
  const clashes = useMemo(() => duplicateBindings(live), [live]);

  useEffect(() => {
    returnFocus.current = document.activeElement;
    return () => {
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    };
  }, []);

  const close = () => setOpen(false);
  const run = (id: string) => {
    const command = live.find((candidate) => candidate.id === id);
    close();
    if (command && isEnabled(command)) {
      command.run();
      refreshNativeMenu();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    const focusables = [
      ...(dialog.current?.querySelectorAll<HTMLElement>('input, button:not(:disabled)') ?? []),
    ];
    const at = focusables.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Tab' && focusables.length > 0) {
      // Focus trap: Tab from the last goes to the first, Shift+Tab from the first to the last.
      const edge = event.shiftKey ? 0 : focusables.length - 1;
      if (at === edge || at === -1) {
        event.preventDefault();
        focusables[event.shiftKey ? focusables.length - 1 : 0]!.focus();
      }
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const rows = [
        ...(dialog.current?.querySelectorAll<HTMLElement>('input, .shortcuts__row') ?? []),
      ];
      const index = rows.indexOf(document.activeElement as HTMLElement);
      const next =
        rows[Math.max(0, Math.min(rows.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  };

  return (
    <div
      className="shortcuts-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && close()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="shortcuts"
        data-testid="shortcuts-sheet"
        onKeyDown={onKeyDown}
      >
        <header className="shortcuts__head">
          <h2 id={titleId}>Keyboard shortcuts</h2>
          <Button variant="ghost" size="small" onClick={close} aria-keyshortcuts="Escape">
            Close <kbd>Esc</kbd>
          </Button>
        </header>
        <input
          type="search"
          className="shortcuts__search"
          placeholder="Search commands or keys, e.g. “split” or “ctrl z”"
          aria-label="Search shortcuts"
          data-testid="shortcuts-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoFocus
        />
        <div className="shortcuts__body">
          {sections.length === 0 && (
            <p className="shortcuts__empty">No command matches “{query}”. Try a shorter word.</p>
          )}
          {sections.map((section) => (
            <section key={section.scope} aria-label={section.title} className="shortcuts__section">
              <h3>{section.title}</h3>
              <ul>
                {section.rows.map((row) => (
                  <li key={row.id}>
                    <button
                      type="button"
                      className="shortcuts__row"
                      data-testid="shortcut-row"
                      data-command={row.id}
                      disabled={!row.enabled}
                      onClick={() => run(row.id)}
                    >
                      <span className="shortcuts__label">
                        {row.label}
                        <span className="shortcuts__group">{row.group}</span>
                      </span>
                      <span className="shortcuts__keys">
                        {row.keys.length === 0 ? (
                          <span className="shortcuts__none">menu only</span>
                        ) : (
                          row.keys.map((key) => <kbd key={key}>{key}</kbd>)
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <footer className="shortcuts__foot">
          {platform === 'mac' ? '⌘ is Ctrl on other systems. ' : 'Ctrl is ⌘ on macOS. '}
          Single keys act outside text fields; press Esc to leave a field.
          {clashes.length > 0 && (
            <span className="shortcuts__clash" role="status">
              {' '}
              {clashes.map((clash) => clash.message).join(' ')}
            </span>
          )}
        </footer>
      </div>
    </div>
  );
}
