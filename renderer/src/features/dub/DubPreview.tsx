import { useRef, useState } from 'react';
import { useApiQuery } from '../../bridge/query';
import { Button } from '../../ui/Button';

/**
 * One video element for both sources: the toggle swaps its src and puts the playhead back where
 * it was (and keeps playing if it was), so original and dub compare at the same moment.
 */
export function DubPreview({ original, dubbed }: { original: string; dubbed: string }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const originalUrl = useApiQuery('media:url', { path: original }, { staleTime: Infinity });
  const dubbedUrl = useApiQuery('media:url', { path: dubbed }, { staleTime: Infinity });
  const src = showOriginal ? originalUrl.data?.url : dubbedUrl.data?.url;

  const toggle = () => {
    const element = video.current;
    if (element) resume.current = { time: element.currentTime, playing: !element.paused };
    setShowOriginal((value) => !value);
  };

  return (
    <div className="dub-preview">
      <video
        ref={video}
        data-testid="dub-preview"
        data-source={showOriginal ? 'original' : 'dub'}
        src={src}
        controls
        preload="metadata"
        aria-label={showOriginal ? 'Original video' : 'Dubbed video'}
        onLoadedMetadata={(event) => {
          const saved = resume.current;
          if (!saved) return;
          resume.current = null;
          event.currentTarget.currentTime = saved.time;
          if (saved.playing) void event.currentTarget.play().catch(() => undefined);
        }}
      />
      <Button
        size="small"
        data-testid="dub-toggle-original"
        aria-pressed={showOriginal}
        onClick={toggle}
        title="Switch between the original and the dub at the same moment (O)"
      >
        {showOriginal ? 'Showing original · switch to dub' : 'Showing dub · switch to original'}
      </Button>
      {(originalUrl.error || dubbedUrl.error) && (
        <p className="small dub-error" role="alert">
          The video cannot be loaded: {(originalUrl.error ?? dubbedUrl.error)?.message} It may have
          been moved out of the project folder.
        </p>
      )}
    </div>
  );
}
