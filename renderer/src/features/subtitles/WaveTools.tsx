import { Button } from '../../ui/Button';
import { pxPerSecond, toggleLoop, useWaveView, zoomWave } from './wave-view';

/** Zoom, loop-the-cue and follow-the-playhead above the Subtitles waveform. */
export function WaveTools() {
  const zoom = useWaveView((s) => s.zoom);
  const loop = useWaveView((s) => s.loop);
  const follow = useWaveView((s) => s.follow);
  return (
    <div className="row small subs-wave__tools" role="toolbar" aria-label="Waveform view">
      <Button
        size="small"
        variant="ghost"
        onClick={() => zoomWave(-1)}
        aria-label="Zoom out (-)"
        data-testid="subs-wave-zoom-out"
      >
        −
      </Button>
      <span
        className="nums muted"
        data-testid="subs-wave-zoom"
        data-px-per-second={pxPerSecond(zoom)}
      >
        {pxPerSecond(zoom)} px/s
      </span>
      <Button
        size="small"
        variant="ghost"
        onClick={() => zoomWave(1)}
        aria-label="Zoom in (=)"
        data-testid="subs-wave-zoom-in"
      >
        +
      </Button>
      <Button
        size="small"
        variant="ghost"
        aria-pressed={loop}
        data-testid="subs-loop"
        onClick={toggleLoop}
      >
        Loop cue (Shift+F5)
      </Button>
      <Button
        size="small"
        variant="ghost"
        aria-pressed={follow}
        data-testid="subs-follow"
        onClick={() => useWaveView.getState().set({ follow: !follow })}
      >
        Follow playhead
      </Button>
    </div>
  );
}
