import { memo } from 'react';
import type { TimeFormat } from '../../../../shared/domain/subtitles/timecode';
import { Button } from '../../ui/Button';
import { mergeCurrent, splitCurrent } from './edit-actions';
import { GoToCue, openGoTo } from './GoToCue';
import { ShiftForm } from './ShiftForm';
import { useSubsView } from './subs-store';

/** Keeps focus (and the caret) in the text field while a cue button is clicked. */
const keepFocus = (event: React.MouseEvent) => event.preventDefault();

/**
 * Cue tools above the table: split at the caret, merge with the next (or the selected cues),
 * the shift and sync form, go to a cue by number, and how times are typed. A refused edit says why here.
 */
export const CueToolbar = memo(function CueToolbar() {
  const cueId = useSubsView((s) => s.cueId);
  const count = useSubsView((s) => s.selection.length);
  const notice = useSubsView((s) => s.notice);
  const form = useSubsView((s) => s.form);
  const goTo = useSubsView((s) => s.goTo);
  const timeFormat = useSubsView((s) => s.timeFormat);
  const set = useSubsView((s) => s.set);
  return (
    <div className="cue-toolbar" aria-label="Cue tools" role="group">
      <div className="row">
        <Button
          size="small"
          data-testid="cue-split"
          disabled={!cueId}
          onMouseDown={keepFocus}
          onClick={splitCurrent}
          title="Split the current cue at the caret, in every language (Ctrl+Alt+V)"
        >
          Split
        </Button>
        <Button
          size="small"
          data-testid="cue-merge"
          disabled={!cueId}
          onMouseDown={keepFocus}
          onClick={mergeCurrent}
          title="Merge the current cue with the next, or the selected cues (Ctrl+Shift+M)"
        >
          {count > 1 ? `Merge ${count}` : 'Merge with next'}
        </Button>
        <Button
          size="small"
          data-testid="subs-shift"
          aria-expanded={form === 'shift'}
          onClick={() => set({ form: form === 'shift' ? null : 'shift', notice: null })}
        >
          Shift and sync…
        </Button>
        <Button
          size="small"
          data-testid="subs-goto"
          aria-expanded={goTo}
          onClick={() => (goTo ? set({ goTo: false }) : openGoTo())}
          title="Go to a cue by its number (Ctrl+G)"
        >
          Go to cue…
        </Button>
        <label className="row small">
          <span className="muted">Times</span>
          <select
            className="select"
            data-testid="subs-time-format"
            value={timeFormat}
            onChange={(event) => set({ timeFormat: event.target.value as TimeFormat })}
          >
            <option value="ms">h:mm:ss,mmm</option>
            <option value="frames">h:mm:ss:frames</option>
          </select>
        </label>
        {count > 1 && (
          <span className="small muted" data-testid="subs-selection-count">
            {count} cues selected
          </span>
        )}
      </div>
      {notice && (
        <p className="small cue-toolbar__notice" role="status" data-testid="subs-edit-notice">
          {notice}
        </p>
      )}
      {goTo && <GoToCue />}
      {form === 'shift' && <ShiftForm />}
    </div>
  );
});
