import {
  sensitivityOf,
  SHOT_SENSITIVITIES,
  thresholdOf,
  type ShotSensitivity,
} from '../../../../shared/domain/timeline';
import { Button } from '../../ui/Button';
import { addShotAtPlayhead, removeShotChange } from './shot-edits';
import { useScorePart, useScoreStore } from './score-store';
import { useShotSelection } from './take-selection';

function setSensitivity(sensitivity: ShotSensitivity): void {
  const threshold = thresholdOf(sensitivity);
  useScoreStore
    .getState()
    .edit('Shot detection sensitivity', (part) =>
      part.shotThreshold === threshold ? part : { ...part, shotThreshold: threshold },
    );
}

/**
 * Shot changes by hand, in the timeline's toolbar: add one at the playhead (M), remove the
 * selected one or the one nearest the playhead (Shift+M), and how sensitive detection is (a new
 * scan at the new threshold; the cuts added and removed by hand stay).
 */
export function ShotTools({
  shotsMs,
  detectedMs,
}: {
  shotsMs: readonly number[];
  detectedMs: readonly number[];
}) {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const selectedMs = useShotSelection((s) => s.ms);
  const disabled = readOnly || !part.video;
  const hasSelection = selectedMs !== null && shotsMs.includes(selectedMs);
  return (
    <div className="timeline__tools shot-tools" role="group" aria-label="Shot changes">
      <Button
        size="small"
        variant="ghost"
        data-testid="shot-add"
        disabled={disabled}
        title="Add a shot change at the playhead (M)"
        onClick={() => addShotAtPlayhead(detectedMs)}
      >
        Add cut
      </Button>
      <Button
        size="small"
        variant="ghost"
        data-testid="shot-remove"
        disabled={disabled || shotsMs.length === 0}
        title={
          hasSelection
            ? 'Remove the selected shot change (Shift+M)'
            : 'Remove the shot change nearest the playhead (Shift+M)'
        }
        onClick={() => removeShotChange(detectedMs, shotsMs)}
      >
        {hasSelection ? 'Remove cut' : 'Remove nearest cut'}
      </Button>
      <label className="shot-tools__sensitivity small">
        <span>Shot detection sensitivity</span>
        <select
          className="select shot-tools__select"
          data-testid="shot-sensitivity"
          value={sensitivityOf(part.shotThreshold)}
          disabled={disabled}
          onChange={(e) => setSensitivity(e.target.value as ShotSensitivity)}
        >
          {SHOT_SENSITIVITIES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
