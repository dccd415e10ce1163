import { useState } from 'react';
import { useSubsView } from './subs-store';
import { shiftBy, shiftToPlayhead, type ShiftScope } from './edit-actions';
import { SyncFields } from './SyncFields';
import { Button } from '../../ui/Button';

type Mode = 'offset' | 'playhead' | 'sync';

/**
 * Shift and sync (docs/subtitles.md, "Shift and sync"): move all or the selected cues by N ms or
 * so the current cue starts at the playhead; two-point sync and frame-rate conversion below.
 * Each apply is one undo step; a shift below zero is refused with the reason.
 */
export function ShiftForm() {
  const selected = useSubsView((s) => s.selection.length);
  const [mode, setMode] = useState<Mode>('offset');
  const [scope, setScope] = useState<ShiftScope>('all');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const effectiveScope: ShiftScope = selected > 0 ? scope : 'all';

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === 'playhead') {
      shiftToPlayhead(effectiveScope);
      return;
    }
    const delta = Number(amount.trim());
    if (amount.trim() === '' || !Number.isInteger(delta)) {
      setError('Type the shift in whole milliseconds, e.g. 1500 or -250.');
      return;
    }
    setError(null);
    shiftBy(delta, effectiveScope);
  };

  return (
    <div className="shift-form" data-testid="subs-shift-form">
      <div className="row" role="radiogroup" aria-label="What to do">
        {(
          [
            ['offset', 'Shift by'],
            ['playhead', 'Start at playhead'],
            ['sync', 'Sync / frame rate'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="row small">
            <input
              type="radio"
              name="shift-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {mode === 'sync' ? (
        <SyncFields />
      ) : (
        <form className="row" onSubmit={apply}>
          {selected > 0 && (
            <fieldset className="row shift-form__scope" data-testid="subs-shift-scope">
              <legend className="small muted">Cues</legend>
              {(['all', 'selected'] as const).map((value) => (
                <label key={value} className="row small">
                  <input
                    type="radio"
                    name="shift-scope"
                    value={value}
                    checked={scope === value}
                    onChange={() => setScope(value)}
                  />
                  {value === 'all' ? 'all' : `selected (${selected})`}
                </label>
              ))}
            </fieldset>
          )}
          {mode === 'offset' && (
            <label className="field">
              <span className="field__label">Milliseconds (negative: earlier)</span>
              <input
                className="input"
                data-testid="subs-shift-ms"
                inputMode="numeric"
                value={amount}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'subs-shift-error' : undefined}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
              />
            </label>
          )}
          <Button size="small" variant="primary" type="submit" data-testid="subs-shift-apply">
            {mode === 'offset' ? 'Shift' : 'Move to playhead'}
          </Button>
          {error && (
            <span id="subs-shift-error" className="small cue-time__error--inline" role="alert">
              {error}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
