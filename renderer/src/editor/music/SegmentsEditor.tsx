import type { SegmentProblem } from '../../../../shared/api/segments';
import { LIMITS } from '../../../../shared/api/limits';
import { Button } from '../../ui/Button';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { charCount, type SegmentRow } from './music-form';

export interface SegmentsEditorProps {
  rows: SegmentRow[];
  problems: Map<number, SegmentProblem[]>;
  onAdd: () => void;
  onChange: (id: string, patch: Partial<Omit<SegmentRow, 'id'>>) => void;
  onRemove: (id: string) => void;
}

/** Timed prompts: each row's problems are shown at that row, before anything is sent. */
export function SegmentsEditor({ rows, problems, onAdd, onChange, onRemove }: SegmentsEditorProps) {
  const listProblems = problems.get(-1) ?? [];
  const full = rows.length >= LIMITS.segments.maxItems;
  return (
    <div className="segments" data-testid="music-segments">
      {rows.length > 0 && (
        <div className="segments__head" aria-hidden="true">
          <span>#</span>
          <span>Start (s)</span>
          <span>End (s)</span>
          <span>Prompt for this part</span>
          <span />
        </div>
      )}
      <ol className="segments__list">
        {rows.map((row, index) => {
          const rowProblems = problems.get(index) ?? [];
          const bad = (field: SegmentProblem['field']) =>
            rowProblems.some((p) => p.field === field);
          const errorId = `${row.id}-problems`;
          const describedBy = rowProblems.length ? errorId : undefined;
          return (
            <li
              key={row.id}
              className={`segment${rowProblems.length ? ' segment--bad' : ''}`}
              data-testid="segment-row"
            >
              <span className="segment__index">{index + 1}</span>
              <input
                className="input input--num"
                inputMode="decimal"
                aria-label={`Segment ${index + 1} start, seconds`}
                aria-invalid={bad('start')}
                aria-describedby={describedBy}
                value={row.start}
                onChange={(e) => onChange(row.id, { start: e.target.value })}
              />
              <input
                className="input input--num"
                inputMode="decimal"
                aria-label={`Segment ${index + 1} end, seconds`}
                aria-invalid={bad('end')}
                aria-describedby={describedBy}
                value={row.end}
                onChange={(e) => onChange(row.id, { end: e.target.value })}
              />
              <div className="segment__prompt">
                <input
                  className="input"
                  aria-label={`Segment ${index + 1} prompt`}
                  aria-invalid={bad('prompt')}
                  aria-describedby={describedBy}
                  placeholder="e.g. sparse piano intro"
                  value={row.prompt}
                  onChange={(e) => onChange(row.id, { prompt: e.target.value })}
                />
                <span
                  className={`segment__count${charCount(row.prompt) > LIMITS.segments.promptMax ? ' field__aside--over' : ''}`}
                >
                  {charCount(row.prompt)}/{LIMITS.segments.promptMax}
                </span>
              </div>
              <Button
                variant="ghost"
                iconOnly
                icon={<CloseIcon />}
                aria-label={`Remove segment ${index + 1}`}
                title="Remove segment"
                onClick={() => onRemove(row.id)}
              />
              {rowProblems.length > 0 && (
                <ul className="segment__problems" id={errorId} role="alert">
                  {rowProblems.map((problem) => (
                    <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {listProblems.map((problem) => (
        <p key={problem.message} className="field__error" role="alert">
          {problem.message}
        </p>
      ))}
      <div className="row row--between">
        <Button
          size="small"
          icon={<PlusIcon />}
          onClick={onAdd}
          disabled={full}
          title={full ? `At most ${LIMITS.segments.maxItems} segments` : undefined}
        >
          {rows.length === 0 ? 'Add first segment' : 'Split last segment'}
        </Button>
        <span className="faint small">
          First starts at 0 s · each starts where the previous ends · last ends by the duration ·{' '}
          {rows.length}/{LIMITS.segments.maxItems}
        </span>
      </div>
    </div>
  );
}
