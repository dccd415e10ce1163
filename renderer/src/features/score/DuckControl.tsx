import { useScorePart, useScoreStore } from './score-store';

/** The depth range offered: 0 (no change) to 24 dB under the source (the document allows 30). */
export const DUCK_DEPTH_MAX_DB = 24;

function setDuck(label: string, patch: Partial<{ enabled: boolean; depthDb: number }>) {
  useScoreStore.getState().edit(
    label,
    (part) => ({ ...part, mix: { ...part.mix, duck: { ...part.mix.duck, ...patch } } }),
    // One undo step per drag of the slider, as for a lane's gain.
    patch.depthDb !== undefined ? { coalesceKey: 'duck-depth' } : {},
  );
}

/**
 * Duck on/off and its depth in dB. The same setting drives the preview (MixPreview), the export
 * and the music stem (export-request.ts sends it; main ducks both the same way).
 */
export function DuckControl({ disabled }: { disabled: boolean }) {
  const duck = useScorePart().mix.duck;
  return (
    <div className="mix-duck" role="group" aria-label="Ducking">
      <label
        className="check"
        title="Lowers the music while the source is loud (preview, export and stems)"
      >
        <input
          type="checkbox"
          data-testid="mix-duck"
          checked={duck.enabled}
          disabled={disabled}
          onChange={(e) =>
            setDuck(e.target.checked ? 'Duck music' : 'Stop ducking', {
              enabled: e.target.checked,
            })
          }
        />
        Duck music under the source
      </label>
      <span className="mix-strip">
        <span className="mix-strip__name">Depth</span>
        <input
          type="range"
          data-testid="mix-duck-depth"
          min={0}
          max={DUCK_DEPTH_MAX_DB}
          step={1}
          value={Math.min(DUCK_DEPTH_MAX_DB, duck.depthDb)}
          disabled={disabled || !duck.enabled}
          aria-label="Duck depth, dB"
          aria-valuetext={`${duck.depthDb} dB`}
          onChange={(e) => setDuck('Duck depth', { depthDb: Number(e.target.value) })}
        />
        <span className="mix-strip__db mono nums" data-testid="mix-duck-depth-value">
          {duck.depthDb === 0 ? '0' : `−${duck.depthDb}`} dB
        </span>
      </span>
    </div>
  );
}
