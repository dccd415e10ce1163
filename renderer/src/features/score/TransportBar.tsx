import { Button } from '../../ui/Button';
import { PauseIcon, PlayIcon } from '../../ui/icons';
import { LoopControls } from './LoopControls';
import { formatTimecode, TIMECODE_FIELDS } from './timecode';
import * as player from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';

/** Play/pause, the playhead's timecode, the shuttle speed and the loop. */
export function TransportBar({ durationMs, fps }: { durationMs: number; fps: number }) {
  const playing = useTransport((s) => s.playing);
  const shuttle = useTransport((s) => s.shuttle);
  const playheadMs = useTransport((s) => s.playheadMs);
  return (
    <div className="score-transport" role="toolbar" aria-label="Transport">
      <Button
        iconOnly
        icon={playing ? <PauseIcon /> : <PlayIcon />}
        aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
        onClick={player.togglePlay}
      />
      {/* The name says what the four fields are, so 00:01:00:00 is not read as an hour. */}
      <span
        className="score-transport__time mono nums"
        data-testid="score-timecode"
        role="timer"
        aria-label={`Playhead ${formatTimecode(playheadMs, fps)} of ${formatTimecode(durationMs, fps)}, ${TIMECODE_FIELDS}`}
        title={`Playhead / duration, ${TIMECODE_FIELDS}`}
      >
        {formatTimecode(playheadMs, fps)} / {formatTimecode(durationMs, fps)}
      </span>
      {playing && shuttle !== 1 && (
        <span className="badge badge--plain nums">
          {shuttle > 0 ? `${shuttle}×` : `−${-shuttle}×`}
        </span>
      )}
      <LoopControls fps={fps} />
    </div>
  );
}
