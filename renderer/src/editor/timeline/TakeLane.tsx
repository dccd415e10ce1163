import { memo } from 'react';
import { LANE_PX } from './layout';
import { peaksLengthMs } from './peaks';
import { msToPx } from './scale';
import type { TimelineTake } from './types';
import type { ViewportStore } from './viewport';
import { WaveformCanvas } from './WaveformCanvas';

export interface TakeLaneProps {
  laneId: string;
  label: string;
  takes: readonly TimelineTake[];
  muted: boolean;
  viewport: ViewportStore;
  pxPerSecond: number;
  durationMs: number;
  onActivate?: ((laneId: string, takeId: string) => void) | undefined;
}

/**
 * The takes of one lane, a row each, newest as the screen orders them. The active take (the one
 * heard, A/B) is marked and its button pressed; pressing another switches to it.
 */
export const TakeLane = memo(function TakeLane(props: TakeLaneProps) {
  const { laneId, label, takes, pxPerSecond, durationMs } = props;
  return (
    <div
      className={`lane lane--take${props.muted ? ' lane--muted' : ''}`}
      data-testid="lane"
      data-lane="take"
      data-lane-id={laneId}
      role="group"
      aria-label={label}
    >
      <div className="take-caption">
        <div className="lane__head take-caption__head">
          <span className="take-caption__label">{label}</span>
        </div>
        <div className="lane__track">
          {takes.length === 0 ? <span className="take-caption__note">No takes yet</span> : null}
        </div>
      </div>
      {takes.map((take) => {
        const offsetMs = take.offsetMs ?? 0;
        const lengthMs = Math.max(0, (take.durationMs ?? durationMs - offsetMs) || 0);
        return (
          <div
            key={take.id}
            className={`take-row${take.active ? ' take-row--active' : ''}`}
            data-testid="timeline-take"
            data-take-id={take.id}
            data-active={take.active || undefined}
          >
            <div className="lane__head take-row__head">
              <button
                type="button"
                className="take-pick"
                aria-pressed={take.active}
                aria-label={`${take.label} (${label})${take.active ? ', active' : ''}`}
                title={take.active ? `${take.label}: heard now` : `Use ${take.label}`}
                disabled={!props.onActivate}
                onClick={() => props.onActivate?.(laneId, take.id)}
              >
                <span className="take-pick__dot" aria-hidden="true" />
                <span className="take-pick__label">{take.label}</span>
              </button>
              {take.active ? <span className="take-row__mark">Active</span> : null}
            </div>
            <div className="lane__track">
              <div
                className={`take-bar${take.generating ? ' take-bar--generating' : ''}`}
                style={{
                  left: msToPx(offsetMs, pxPerSecond),
                  width: msToPx(lengthMs, pxPerSecond),
                }}
              >
                {take.generating ? <span className="take-bar__note">Generating…</span> : null}
              </div>
              {take.peaks ? (
                <WaveformCanvas
                  peaks={take.peaks}
                  viewport={props.viewport}
                  pxPerSecond={pxPerSecond}
                  offsetMs={offsetMs}
                  lengthMs={Math.min(lengthMs, peaksLengthMs(take.peaks))}
                  durationMs={durationMs}
                  height={LANE_PX.take}
                />
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
});
