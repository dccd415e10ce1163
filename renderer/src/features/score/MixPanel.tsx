import {
  MIX_LANES,
  type MixLane,
  type PromptLane,
} from '../../../../shared/domain/project/document';
import { formatAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { DuckControl } from './DuckControl';
import { chooseTake, takesOf } from './take-edits';
import { takeLetter } from './take-label';
import { useScorePart, useScoreStore } from './score-store';

const LANE_NAMES: Record<MixLane, string> = {
  source: 'Source',
  music: 'Music',
  sfx: 'SFX',
  audio: 'Audio',
};

function setMix(
  lane: MixLane,
  patch: Partial<{ gainDb: number; muted: boolean; solo: boolean }>,
  label: string,
) {
  useScoreStore
    .getState()
    .edit(
      label,
      (part) => ({ ...part, mix: { ...part.mix, [lane]: { ...part.mix[lane], ...patch } } }),
      patch.gainDb !== undefined ? { coalesceKey: `gain:${lane}` } : {},
    );
}

function LaneStrip({ lane, disabled }: { lane: MixLane; disabled: boolean }) {
  const mix = useScorePart().mix[lane];
  const name = LANE_NAMES[lane];
  return (
    <div
      className="mix-strip"
      data-testid="mix-strip"
      data-lane={lane}
      role="group"
      aria-label={`${name} lane mix`}
    >
      <span className="mix-strip__name">{name}</span>
      <button
        type="button"
        className={`mix-toggle${mix.muted ? ' mix-toggle--on' : ''}`}
        aria-pressed={mix.muted}
        disabled={disabled}
        title={`Mute ${name}`}
        onClick={() =>
          setMix(lane, { muted: !mix.muted }, `${mix.muted ? 'Unmute' : 'Mute'} ${name}`)
        }
      >
        M
      </button>
      <button
        type="button"
        className={`mix-toggle mix-toggle--solo${mix.solo ? ' mix-toggle--on' : ''}`}
        aria-pressed={mix.solo}
        disabled={disabled}
        title={`Solo ${name}`}
        onClick={() => setMix(lane, { solo: !mix.solo }, `${mix.solo ? 'Unsolo' : 'Solo'} ${name}`)}
      >
        S
      </button>
      <input
        type="range"
        min={-30}
        max={12}
        step={0.5}
        value={mix.gainDb}
        disabled={disabled}
        aria-label={`${name} gain, dB`}
        onChange={(e) => setMix(lane, { gainDb: Number(e.target.value) }, `${name} gain`)}
      />
      <span className="mix-strip__db mono nums">
        {mix.gainDb > 0 ? '+' : ''}
        {mix.gainDb.toFixed(1)} dB
      </span>
    </div>
  );
}

function TakePicker({ lane }: { lane: PromptLane }) {
  const part = useScorePart();
  const now = useNow(60_000);
  const takes = takesOf(part, lane);
  if (takes.length === 0)
    return <p className="muted small">No {LANE_NAMES[lane].toLowerCase()} takes yet.</p>;
  return (
    <div
      className="take-picker"
      role="radiogroup"
      aria-label={`${LANE_NAMES[lane]} takes (A/B with [ and ])`}
    >
      {takes.map((take, index) => (
        <label
          key={take.id}
          className="take-picker__item"
          title={take.label}
          data-testid="score-take"
          data-lane={lane}
        >
          <input
            type="radio"
            name={`take-${lane}`}
            checked={part.activeTakes[lane] === take.id}
            onChange={() => chooseTake(lane, take.id)}
          />
          <span className="take-picker__letter">{takeLetter(index)}</span>
          <span className="take-picker__label">{take.label}</span>
          <span className="muted small">{formatAgo(take.createdAt, now)}</span>
        </label>
      ))}
    </div>
  );
}

/** Lane mute/solo/gain, the duck preview and the takes of each lane: free and instant. */
export function MixPanel() {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const hasSource = !!part.video?.hasAudio;
  return (
    <section className="mix-panel" aria-label="Mix and takes">
      <h3 className="mix-panel__title">Mix</h3>
      {MIX_LANES.map((lane) => (
        <LaneStrip
          key={lane}
          lane={lane}
          disabled={readOnly || (lane === 'source' && !hasSource)}
        />
      ))}
      <DuckControl disabled={readOnly || !hasSource} />
      <h3 className="mix-panel__title">Takes</h3>
      <h4 className="small muted">Music</h4>
      <TakePicker lane="music" />
      <h4 className="small muted">SFX</h4>
      <TakePicker lane="sfx" />
    </section>
  );
}
