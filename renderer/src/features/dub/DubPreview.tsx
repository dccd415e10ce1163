import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LanguageCode } from '../../../../shared/api/languages';
import { useApiQuery } from '../../bridge/query';
import { Button } from '../../ui/Button';
import { useLineDrafts } from './line-edits-store';
import { SideBySide } from './SideBySide';

/** The media URL of a file version: a changed version makes the player load the file again. */
function versioned(url: string | undefined, version: number | undefined): string | undefined {
  if (!url || version === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}

/**
 * The cell's preview. One video element for both sources: the toggle swaps its src and puts the
 * playhead back where it was (and keeps playing if it was), so original and dub compare at the
 * same moment; or both side by side with one transport. A line's play button plays that line.
 */
export function DubPreview({
  original,
  dubbed,
  cellKey,
  language,
}: {
  original: string;
  dubbed: string;
  /** The dub's language (names the dub's player side by side). */
  language?: LanguageCode;
  /** The cell's identity, to answer its lines' play buttons. */
  cellKey?: string;
}) {
  const [showOriginal, setShowOriginal] = useState(false);
  const [sideBySide, setSideBySide] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const stopAt = useRef<number | null>(null);
  const originalUrl = useApiQuery('media:url', { path: original }, { staleTime: Infinity });
  const dubbedUrl = useApiQuery('media:url', { path: dubbed }, { staleTime: Infinity });
  // Line re-dubs replace the dub file in place; its version reloads the players.
  const edits = useApiQuery('dub:lineEdits', { dub: dubbed });
  const dubSrc = versioned(dubbedUrl.data?.url, edits.data?.version);
  const src = showOriginal ? originalUrl.data?.url : dubSrc;

  const onPlayLine = useEffectEvent((startMs: number, endMs: number) => {
    const element = video.current;
    if (sideBySide || !element) return;
    if (showOriginal) {
      // Back to the dub first; the line starts once it has loaded.
      resume.current = { time: startMs / 1000, playing: true };
      setShowOriginal(false);
    } else {
      element.currentTime = startMs / 1000;
      void element.play().catch(() => undefined);
    }
    stopAt.current = endMs;
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

  const toggle = () => {
    const element = video.current;
    if (element) resume.current = { time: element.currentTime, playing: !element.paused };
    setShowOriginal((value) => !value);
  };

  return (
    <div className="dub-preview">
      {sideBySide ? (
        <SideBySide
          originalUrl={originalUrl.data?.url}
          dubbedUrl={dubSrc}
          cellKey={cellKey}
          language={language}
        />
      ) : (
        <video
          ref={video}
          data-testid="dub-preview"
          data-source={showOriginal ? 'original' : 'dub'}
          src={src}
          controls
          preload="metadata"
          aria-label={showOriginal ? 'Original video' : 'Dubbed video'}
          onTimeUpdate={(event) => {
            if (
              stopAt.current !== null &&
              event.currentTarget.currentTime * 1000 >= stopAt.current
            ) {
              stopAt.current = null;
              event.currentTarget.pause();
            }
          }}
          onLoadedMetadata={(event) => {
            const saved = resume.current;
            if (!saved) return;
            resume.current = null;
            event.currentTarget.currentTime = saved.time;
            if (saved.playing) void event.currentTarget.play().catch(() => undefined);
          }}
        />
      )}
      <div className="row">
        {!sideBySide && (
          <Button
            size="small"
            data-testid="dub-toggle-original"
            aria-pressed={showOriginal}
            onClick={toggle}
            title="Switch between the original and the dub at the same moment (O)"
          >
            {showOriginal ? 'Showing original · switch to dub' : 'Showing dub · switch to original'}
          </Button>
        )}
        <Button size="small" aria-pressed={sideBySide} onClick={() => setSideBySide((v) => !v)}>
          {sideBySide ? 'One player' : 'Side by side'}
        </Button>
      </div>
      {(originalUrl.error || dubbedUrl.error) && (
        <p className="small dub-error" role="alert">
          The video cannot be loaded: {(originalUrl.error ?? dubbedUrl.error)?.message} It may have
          been moved out of the project folder.
        </p>
      )}
    </div>
  );
}
