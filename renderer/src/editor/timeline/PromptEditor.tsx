import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS } from '../../../../shared/api/limits';
import { laneProblems, setPrompt, type Lane } from '../../../../shared/domain/timeline';

export interface PromptEditorProps {
  segments: Lane;
  segmentId: string;
  durationMs: number;
  /** "Music segment 2": names the field for screen readers. */
  name: string;
  leftPx: number;
  /** `refocus`: the edit ended from the keyboard, so focus goes back to the segment. */
  onDone(text: string | null, refocus: boolean): void;
}

/**
 * In-place prompt editing over a segment: Enter saves, Esc cancels, leaving the field saves.
 * The API's prompt rule is shown as you type (from the domain's laneProblems), not enforced:
 * a prompt being drafted may be empty for a moment.
 */
export function PromptEditor({
  segments,
  segmentId,
  durationMs,
  name,
  leftPx,
  onDone,
}: PromptEditorProps) {
  const initial = segments.find((segment) => segment.id === segmentId)?.prompt ?? '';
  const [text, setText] = useState(initial);
  const hintId = useId();
  // One ending only: a blur that follows Enter or Esc (the field is removed) must not save again.
  const ended = useRef(false);
  const end = (value: string | null, refocus: boolean) => {
    if (ended.current) return;
    ended.current = true;
    onDone(value, refocus);
  };
  const edited = setPrompt(segments, segmentId, text);
  const problem = [...edited.problems, ...laneProblems(edited.segments, durationMs)].find(
    (p) =>
      p.segmentId === segmentId && (p.code === 'prompt-length' || p.code === 'prompt-too-long'),
  );
  const count = [...text].length;
  const max = LIMITS.segments.promptMax;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The field owns its keys: nothing reaches the timeline's or the app's shortcuts.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      end(text, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      end(null, true);
    }
  };

  return (
    <div className="prompt-editor" style={{ left: leftPx }}>
      <input
        className="input prompt-editor__input"
        value={text}
        autoFocus
        aria-label={`Prompt for ${name}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => end(text, false)}
        // Caret at the end: prompts are usually refined, not retyped.
        onFocus={(event) => event.target.setSelectionRange(text.length, text.length)}
      />
      <div id={hintId} className="prompt-editor__hint" role="status">
        {problem ? (
          <span className="prompt-editor__problem">{problem.message}</span>
        ) : (
          <span>
            <kbd>Enter</kbd> saves · <kbd>Esc</kbd> cancels
          </span>
        )}
        <span className={count > max ? 'prompt-editor__count--over' : undefined}>
          {count}/{max}
        </span>
      </div>
    </div>
  );
}
