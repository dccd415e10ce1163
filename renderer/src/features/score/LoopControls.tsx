import { Button } from '../../ui/Button';
import { formatTimecode, TIMECODE_FIELDS } from './timecode';
import { clearMarks, markIn, markOut, toggleLoop, useLoop, useLoopRegion } from './loop-store';

const SOURCE_WORDS = {
  segment: 'the selected segment',
  take: 'the selected take',
  marks: 'in/out',
};

/**
 * Loop on/off, the in/out marks (Shift+I / Shift+O at the playhead) and what will be looped:
 * the selected segment, else the selected take, else the marks (docs/decisions/097-loop-region.md).
 */
export function LoopControls({ fps }: { fps: number }) {
  const enabled = useLoop((s) => s.enabled);
  const hasMarks = useLoop((s) => s.inMs !== null || s.outMs !== null);
  const region = useLoopRegion();
  const label = region
    ? `${SOURCE_WORDS[region.source]}: ${formatTimecode(region.startMs, fps)}–${formatTimecode(region.endMs, fps)}`
    : enabled
      ? 'Select a segment or take, or mark in/out'
      : '';
  return (
    <span className="score-loop" role="group" aria-label="Loop">
      <Button
        size="small"
        variant="ghost"
        aria-pressed={enabled}
        data-testid="score-loop"
        title="Loop the selected segment or take, or the in/out range (Shift+F5)"
        onClick={toggleLoop}
      >
        Loop
      </Button>
      <Button size="small" variant="ghost" data-testid="score-mark-in" onClick={markIn}>
        In
      </Button>
      <Button size="small" variant="ghost" data-testid="score-mark-out" onClick={markOut}>
        Out
      </Button>
      {hasMarks && (
        <Button size="small" variant="ghost" data-testid="score-marks-clear" onClick={clearMarks}>
          Clear in/out
        </Button>
      )}
      <span
        className="faint small nums score-loop__label"
        data-testid="score-loop-label"
        title={region ? `${label} (loop, ${TIMECODE_FIELDS})` : undefined}
      >
        {label}
      </span>
    </span>
  );
}
