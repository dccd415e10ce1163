import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { LANGUAGE_NAMES, type LanguageCode } from '../../../../shared/api/languages';
import { followLeader } from '../../../../shared/domain/dub/lines';
import { Button } from '../../ui/Button';
import { useLineDrafts } from './line-edits-store';
import { timecode } from './srt-diff';

/**
 * The original and the dub in two players with one transport: play, pause and seek act on
 * both. The original is muted unless asked for, so the dub is heard. While playing, the player
 * heard leads and the muted one follows its clock by small changes of its playback rate (a
 * seek only for a large gap), so the nudges are never heard (docs/dubbing.md "Side by side").
 */
export function SideBySide({
  originalUrl,
  dubbedUrl,
  cellKey,
  language,
}: {
  originalUrl?: string;
  dubbedUrl?: string;
  /** The dub's language, named under its player. */
  language?: LanguageCode;
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

  /** The player heard, then the muted one that follows it. */
  const roles = () =>
    hearOriginal ? [original.current, dub.current] : [dub.current, original.current];
  const onFrame = useEffectEvent(() => {
    const [lead, follow] = roles();
    if (!lead || !follow) return;
    followLeader(lead, follow);
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
    const [lead, follow] = roles();
    if (lead && follow) {
      follow.currentTime = lead.currentTime;
      follow.playbackRate = lead.playbackRate;
    }
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
        {/* Two like players stacked tell nothing apart: each is captioned (visible, and the
            figure's accessible name), while the players keep their own names. */}
        <figure className="dub-side__player">
          <video
            ref={original}
            src={originalUrl}
            preload="metadata"
            muted={!hearOriginal}
            aria-label="Original video"
            onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
            onEnded={() => pause()}
          />
          <figcaption>Original</figcaption>
        </figure>
        <figure className="dub-side__player">
          <video
            ref={dub}
            src={dubbedUrl}
            preload="metadata"
            muted={hearOriginal}
            aria-label="Dubbed video"
            onEnded={() => pause()}
          />
          <figcaption>{language ? `Dub · ${LANGUAGE_NAMES[language]}` : 'Dub'}</figcaption>
        </figure>
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
