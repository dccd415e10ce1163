import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { formatClock } from '../../lib/format';
import { Button } from '../Button';
import { PauseIcon, PlayIcon } from '../icons';
import { useWaveSurfer } from './use-wavesurfer';
import './waveform.css';

export interface WaveformProps {
  url: string | undefined;
  label: string;
  height?: number;
  testId?: string;
  /** Asked once the audio is loaded: carry on from a position (e.g. where the live stream was). */
  resume?: () => { time: number; playing: boolean } | undefined;
}

/** A playable waveform: click or drag to seek; Space plays, arrows step 5 s when focused. */
export function Waveform({ url, label, height = 72, testId, resume }: WaveformProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [wave, controls] = useWaveSurfer(containerRef, url, { height, resume });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      controls.playPause();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 5 : -5;
      controls.seek(Math.min(wave.duration, Math.max(0, wave.currentTime + step)));
    }
  };

  // Without a waveform (e.g. the file could not be fetched for decoding) the take still plays.
  if (wave.error && url) {
    return (
      <div className="waveform waveform--fallback" data-testid={testId}>
        <audio
          className="waveform__audio"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
        />
        <span className="faint small">No waveform: {wave.error}</span>
      </div>
    );
  }

  return (
    <div
      className="waveform"
      data-ready={wave.ready || undefined}
      data-playing={wave.playing || undefined}
    >
      <Button
        variant="primary"
        iconOnly
        className="waveform__play"
        icon={wave.playing ? <PauseIcon /> : <PlayIcon />}
        aria-label={wave.playing ? `Pause ${label}` : `Play ${label}`}
        disabled={!wave.ready}
        onClick={controls.playPause}
      />
      <div className="waveform__body">
        <div
          ref={containerRef}
          className="waveform__canvas"
          style={{ '--wave-height': `${height}px`, minHeight: height } as CSSProperties}
          data-testid={testId}
          role="slider"
          tabIndex={0}
          aria-label={`${label} position`}
          aria-valuemin={0}
          aria-valuemax={Math.round(wave.duration)}
          aria-valuenow={Math.round(wave.currentTime)}
          aria-valuetext={`${formatClock(wave.currentTime)} of ${formatClock(wave.duration)}`}
          onKeyDown={onKeyDown}
        />
        <div className="waveform__time nums">
          {wave.ready ? (
            <span>
              {formatClock(wave.currentTime)} / {formatClock(wave.duration)}
            </span>
          ) : (
            <span className="faint">Loading waveform…</span>
          )}
        </div>
      </div>
    </div>
  );
}
