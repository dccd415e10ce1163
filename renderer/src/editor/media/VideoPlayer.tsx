import { useEffect, useRef, type ReactNode } from 'react';
import { attachVideo, stop } from './player';
import { useTransport } from './transport-store';

/**
 * The picture. Its own sound plays through the mix preview (the source lane), so the element
 * is never muted here; the transport store follows its clock.
 */
export function VideoPlayer({
  src,
  name,
  overlay,
}: {
  src: string | undefined;
  name: string;
  /** Drawn over the picture (Subtitles' cue text), positioned by the caller's CSS. */
  overlay?: ReactNode;
}) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    attachVideo(ref.current);
    return () => {
      stop();
      attachVideo(null);
    };
  }, []);

  useEffect(() => {
    // Restore the playhead of the saved view once the picture is loaded.
    const video = ref.current;
    if (!video || !src) return;
    const onLoaded = () => {
      const at = useTransport.getState().playheadMs;
      if (at > 0) video.currentTime = at / 1000;
    };
    video.addEventListener('loadedmetadata', onLoaded, { once: true });
    return () => video.removeEventListener('loadedmetadata', onLoaded);
  }, [src]);

  return (
    <div className="score-video">
      {/* Captions do not exist for a source video being scored; the timeline describes it. */}
      <video
        ref={ref}
        data-testid="score-video"
        src={src}
        preload="auto"
        playsInline
        aria-label={`Video: ${name}`}
        onEnded={stop}
        onClick={() => ref.current && (ref.current.paused ? void ref.current.play() : stop())}
      />
      {overlay}
      {!src && <div className="score-video__loading muted">Loading picture…</div>}
    </div>
  );
}
