import { memo } from 'react';
import { placedRange, type Placement } from '../../../../shared/domain/timeline';
import { LANE_PX } from './layout';
import { peaksLengthMs } from './peaks';
import { TakeBlock } from './TakeBlock';
import type { TimelineTake } from './types';
import type { ViewportStore } from './viewport';
import { WaveformCanvas } from './WaveformCanvas';

export interface TakeLaneProps {
  laneId: string;
  label: string;
  takes: readonly TimelineTake[];
  /** The document lane of the takes (music, sfx, audio). */
  takeLane: string;
  allHeard: boolean;
  muted: boolean;
  viewport: ViewportStore;
  pxPerSecond: number;
  durationMs: number;
  frameMs: number;
  snapTargetsMs: readonly number[];
  snapping: boolean;
  selectedTakeId: string | null;
  onSelectTake(laneId: string, takeId: string): void;
  onActivate?: ((laneId: string, takeId: string) => void) | undefined;
  onPlace?: ((laneId: string, takeId: string, placement: Placement) => void) | undefined;
  onDelete?: ((laneId: string, takeId: string) => void) | undefined;
}

/** "B: Slow Horizons": titles often repeat, the A/B letter tells takes apart. */
function named(take: TimelineTake): string {
  return take.letter ? `${take.letter}: ${take.label}` : take.label;
}

/** A take's placement with its file length taken from what is known of it. */
export function placementOf(take: TimelineTake): Placement {
  const fileDurationMs = take.fileDurationMs ?? take.durationMs;
  return {
    offsetMs: take.offsetMs ?? 0,
    ...(take.trimStartMs !== undefined ? { trimStartMs: take.trimStartMs } : {}),
    ...(take.lengthMs !== undefined ? { lengthMs: take.lengthMs } : {}),
    ...(fileDurationMs !== undefined ? { fileDurationMs } : {}),
  };
}

/**
 * The takes of one lane, a row each, newest as the screen orders them. On a prompt lane the
 * active take (the one heard, A/B) is marked and its button pressed; pressing another switches to
 * it. Each row's block moves, trims and deletes (TakeBlock).
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
        const placement = placementOf(take);
        const range = placedRange(placement, durationMs);
        const lengthMs = range.endMs - range.startMs;
        return (
          <div
            key={take.id}
            className={`take-row${take.active ? ' take-row--active' : ''}`}
            data-testid="timeline-take"
            data-take-id={take.id}
            data-active={take.active || undefined}
          >
            <div className="lane__head take-row__head">
              {/* Beside the button, not in it: its name is a contract ("<label> (<lane>)"). */}
              {take.letter ? <span className="take-row__letter">{take.letter}</span> : null}
              {props.allHeard ? (
                <span className="take-pick take-pick__label" title={take.label}>
                  {take.label}
                </span>
              ) : (
                <button
                  type="button"
                  className="take-pick"
                  aria-pressed={take.active}
                  aria-label={`${take.label} (${label})${take.active ? ', active' : ''}`}
                  title={take.active ? `${named(take)}: heard now` : `Use ${named(take)}`}
                  disabled={!props.onActivate}
                  onClick={() => props.onActivate?.(laneId, take.id)}
                >
                  <span className="take-pick__dot" aria-hidden="true" />
                  <span className="take-pick__label">{take.label}</span>
                </button>
              )}
              {take.active && !props.allHeard ? (
                <span className="take-row__mark">Active</span>
              ) : null}
            </div>
            <div className="lane__track">
              {take.peaks ? (
                <WaveformCanvas
                  peaks={take.peaks}
                  viewport={props.viewport}
                  pxPerSecond={pxPerSecond}
                  offsetMs={range.startMs}
                  fileStartMs={range.trimStartMs}
                  lengthMs={Math.min(lengthMs, peaksLengthMs(take.peaks) - range.trimStartMs)}
                  durationMs={durationMs}
                  height={LANE_PX.take}
                />
              ) : null}
              <TakeBlock
                laneId={laneId}
                takeLane={props.takeLane}
                take={{ ...take, ...placement }}
                pxPerSecond={pxPerSecond}
                durationMs={durationMs}
                frameMs={props.frameMs}
                snapTargetsMs={props.snapTargetsMs}
                snapping={props.snapping}
                selected={props.selectedTakeId === take.id}
                onSelect={props.onSelectTake}
                onPlace={props.onPlace}
                onDelete={props.onDelete}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
});
