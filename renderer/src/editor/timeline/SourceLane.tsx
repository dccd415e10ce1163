import { memo, type PointerEvent } from 'react';
import { LaneHead } from './LaneHead';
import { LANE_PX } from './layout';
import { peaksLengthMs, type LanePeaks } from './peaks';
import { msAtPx } from './scale';
import type { ViewportStore } from './viewport';
import { WaveformCanvas } from './WaveformCanvas';

export interface SourceLaneProps {
  /** `mix`: the same waveform lane showing the current mix (Score's Mix lane). */
  kind?: 'source' | 'mix';
  laneId: string;
  label: string;
  peaks: LanePeaks | undefined;
  note: string | undefined;
  muted: boolean;
  viewport: ViewportStore;
  pxPerSecond: number;
  durationMs: number;
  onSeek(ms: number): void;
}

/**
 * The video's own sound from media:peaks (or, as the Mix lane, the mix the screen computed from
 * every lane's peaks); a click moves the playhead there.
 */
export const SourceLane = memo(function SourceLane(props: SourceLaneProps) {
  const { label, peaks, note, muted, pxPerSecond, durationMs, kind = 'source' } = props;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const left = event.currentTarget.getBoundingClientRect().left;
    props.onSeek(msAtPx(event.clientX - left, pxPerSecond, durationMs));
  };
  const heard = kind === 'mix' ? 'Everything heard' : 'Video sound';
  const detail = note ? undefined : peaks ? (muted ? 'Muted' : heard) : 'Loading waveform…';
  return (
    <div
      className={`lane lane--${kind}${muted ? ' lane--muted' : ''}`}
      data-testid="lane"
      data-lane={kind}
      data-lane-id={props.laneId}
      role="group"
      aria-label={`${label} lane`}
      aria-busy={!peaks && !note ? true : undefined}
    >
      <LaneHead label={label} detail={detail} />
      <div className="lane__track lane__track--seek" onPointerDown={onPointerDown}>
        {peaks ? (
          <WaveformCanvas
            peaks={peaks}
            viewport={props.viewport}
            pxPerSecond={pxPerSecond}
            lengthMs={Math.min(durationMs, peaksLengthMs(peaks))}
            durationMs={durationMs}
            height={LANE_PX[kind]}
          />
        ) : (
          <p className={`lane__note${note ? '' : ' lane__note--loading'}`}>
            {note ?? 'Reading the waveform…'}
          </p>
        )}
      </div>
    </div>
  );
});
