import { memo, useId, useState, type KeyboardEvent } from 'react';
import {
  checkTypedTime,
  formatTime,
  type TimeFormat,
} from '../../../../shared/domain/subtitles/timecode';
import { lendForm, returnForm } from '../../ui/own-form';
import { setTypedTime } from './edit-actions';

export interface TimeFieldProps {
  cueId: string;
  edge: 'start' | 'end';
  cue: { startMs: number; endMs: number };
  format: TimeFormat;
  fps: number;
  /** Row number for the field's name ("Cue 3 start"). */
  number: number;
}

/**
 * A cue's start or end as a typed field (docs/subtitles.md, "Typed timing"): Enter applies, a
 * malformed or impossible time is refused with a message at the field and nothing changes,
 * Escape reverts. While not being edited it shows the cue's time as it is.
 */
export const TimeField = memo(function TimeField({
  cueId,
  edge,
  cue,
  format,
  fps,
  number,
}: TimeFieldProps) {
  const shown = formatTime(edge === 'start' ? cue.startMs : cue.endMs, format, fps);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const revert = () => {
    setDraft(null);
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // Handled here: the field keeps focus and shows the cue's time again.
      event.preventDefault();
      revert();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (draft === null) return;
      const checked = checkTypedTime(draft, edge, cue, format, fps);
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      setTypedTime(cueId, edge, checked.ms);
      revert();
    }
  };
  return (
    <span className="cue-time">
      <input
        className={`cue-time__input nums${error ? ' is-invalid' : ''}`}
        data-testid={edge === 'start' ? 'cue-start-input' : 'cue-end-input'}
        data-cue-id={cueId}
        aria-label={`Cue ${number} ${edge}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        spellCheck={false}
        value={draft ?? shown}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={lendForm}
        onBlur={(event) => {
          returnForm(event);
          // An unapplied, valid-looking draft goes; a refused one stays beside its message.
          if (!error) setDraft(null);
        }}
      />
      {error && (
        <span id={errorId} className="cue-time__error small" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}, sameTime);

/**
 * Equal when the shown time and the field's name are: typing in the row's text gives the cue a
 * new object with the same times, and must not redraw (re-set) these inputs (docs/subtitles.md,
 * "Speed"). The Enter check reads `cue` from the last drawing, whose times are these.
 */
function sameTime(a: TimeFieldProps, b: TimeFieldProps): boolean {
  return (
    a.cueId === b.cueId &&
    a.edge === b.edge &&
    a.format === b.format &&
    a.fps === b.fps &&
    a.number === b.number &&
    a.cue.startMs === b.cue.startMs &&
    a.cue.endMs === b.cue.endMs
  );
}
