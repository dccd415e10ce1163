import { Button } from '../../ui/Button';
import { PauseIcon, PlayIcon } from '../../ui/icons';
import { formatTimecode } from './timecode';
import * as player from './player';
import { useTransport } from './transport-store';

/** Play/pause, the playhead's timecode, shuttle speed and the snapping switch (N). */
export function TransportBar({ durationMs, fps }: { durationMs: number; fps: number }) {
  const playing = useTransport((s) => s.playing);
  const shuttle = useTransport((s) => s.shuttle);
  const playheadMs = useTransport((s) => s.playheadMs);
  const snapping = useTransport((s) => s.snapping);
  const set = useTransport((s) => s.set);
  return (
    <div className="score-transport" role="toolbar" aria-label="Transport">
      <Button
        iconOnly
        icon={playing ? <PauseIcon /> : <PlayIcon />}
        aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
        onClick={player.togglePlay}
      />
      <span className="score-transport__time mono nums" data-testid="score-timecode">
        {formatTimecode(playheadMs, fps)} / {formatTimecode(durationMs, fps)}
      </span>
      {playing && shuttle !== 1 && (
        <span className="badge badge--plain nums">{shuttle > 0 ? `${shuttle}×` : `−${-shuttle}×`}</span>
      )}
      <label className="check score-transport__snap" title="Snap edges to shot changes and the playhead (N)">
        <input type="checkbox" checked={snapping} onChange={(e) => set({ snapping: e.target.checked })} />
        Snap
      </label>
    </div>
  );
}
