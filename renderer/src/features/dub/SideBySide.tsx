import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { followerSeek } from '../../../../shared/domain/dub/lines';
import { Button } from '../../ui/Button';
import { useLineDrafts } from './line-edits-store';
import { timecode } from './srt-diff';

/**
 * The original and the dub in two players with one transport: play, pause and seek act on
 * both; while playing, the dub follows the original's clock and is put back when the two drift
 * more than about a frame apart. The original is muted unless asked for, so the dub is heard.
 */
export function SideBySide({
  originalUrl,
  dubbedUrl,
  cellKey,
}: {
  originalUrl?: string;
  dubbedUrl?: string;
  /** The cell whose lines' play buttons this answers (plays that line in both). */
  cellKey?: string;
}) {
  const original = useRef<HTMLVideoElement>(null);
  const dub = useRef<HTMLVideoElement>(null);
  const stopAt = useRef<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [hearOriginal, setHearOriginal] = useState(false);

  const onFrame = useEffectEvent(() => {
    const lead = original.current;
    const follow = dub.current;
    if (!lead || !follow) return;
    const seek = followerSeek(lead.currentTime, follow.currentTime);
    if (seek !== null) follow.currentTime = seek;
    setTime(lead.currentTime);
    if (stopAt.current !== null && lead.currentTime * 1000 >= stopAt.current) pause();
  });
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      onFrame();
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const both = () => [original.current, dub.current].filter(Boolean) as HTMLVideoElement[];
  const play = () => {
    for (const video of both()) void video.play().catch(() => undefined);
    setPlaying(true);
  };
  function pause() {
    stopAt.current = null;
    for (const video of both()) video.pause();
    if (original.current && dub.current) dub.current.currentTime = original.current.currentTime;
    setPlaying(false);
  }
  const seek = (seconds: number) => {
    for (const video of both()) video.currentTime = seconds;
    setTime(seconds);
  };

  const onPlayLine = useEffectEvent((startMs: number, endMs: number) => {
    seek(startMs / 1000);
    stopAt.current = endMs;
    play();
  });
  useEffect(
    () =>
      useLineDrafts.subscribe((state, previous) => {
        const request = state.play;
        if (request && request !== previous.play && request.cell === cellKey)
          onPlayLine(request.startMs, request.endMs);
      }),
    [cellKey],
  );

  return (
    <div className="dub-side" data-testid="dub-side-by-side">
      <div className="dub-side__players">
        <video
          ref={original}
          src={originalUrl}
          preload="metadata"
          muted={!hearOriginal}
          aria-label="Original video (leads)"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onEnded={() => pause()}
        />
        <video
          ref={dub}
          src={dubbedUrl}
          preload="metadata"
          muted={hearOriginal}
          aria-label="Dubbed video (follows the original)"
        />
      </div>
      <div className="row">
        <Button size="small" onClick={() => (playing ? pause() : play())}>
          {playing ? 'Pause both' : 'Play both'}
        </Button>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.01}
          value={time}
          aria-label="Position of both players"
          onChange={(event) => seek(Number(event.currentTarget.value))}
        />
        <span className="small">
          {timecode(time * 1000)} / {timecode(duration * 1000)}
        </span>
        <Button size="small" aria-pressed={hearOriginal} onClick={() => setHearOriginal((v) => !v)}>
          {hearOriginal ? 'Hearing the original' : 'Hearing the dub'}
        </Button>
      </div>
    </div>
  );
}
