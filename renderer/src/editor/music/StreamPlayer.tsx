import { useEffect, useRef } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { formatClock, formatSpan } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Notice } from '../../ui/Notice';
import { ProgressBar } from '../../ui/ProgressBar';
import { EXCLUSIVE_PLAY } from '../../ui/waveform/use-wavesurfer';
import { useStreamPlayback } from './use-stream-playback';

/**
 * The live player of a streaming take: audio plays while it is generated, and keeps playing
 * after the take is finished until it has played out (`onPlayedOut`), so the listener is never
 * cut off or sent back to the start when the finished take appears below.
 */
export function StreamPlayer({ job, onPlayedOut }: { job: Job; onPlayedOut?: () => void }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const finished = job.stage === 'succeeded';
  const playback = useStreamPlayback(job.id, audioRef, finished);
  const playedOut = finished && playback.status !== 'playing';

  useEffect(() => {
    if (playedOut) onPlayedOut?.();
  }, [playedOut, onPlayedOut]);

  // Playing the finished take's waveform pauses the stream: one take is heard at a time.
  useEffect(() => {
    const pause = () => audioRef.current?.pause();
    window.addEventListener(EXCLUSIVE_PLAY, pause);
    return () => window.removeEventListener(EXCLUSIVE_PLAY, pause);
  }, []);
  const now = useNow(1000, !finished);
  const duration = Number(job.request.fields.duration) || undefined;
  const elapsed = (job.finishedAt ?? now) - (job.startedAt ?? job.createdAt);
  const fraction = duration ? playback.receivedSeconds / duration : undefined;

  return (
    <div className="stream" data-status={playback.status}>
      <audio
        ref={audioRef}
        data-testid="stream-audio"
        controls
        preload="auto"
        className="stream__audio"
        aria-label="Live stream of the take"
      />
      <ProgressBar fraction={fraction} label="Received audio" />
      <div className="row row--between small muted nums">
        <span data-testid="stream-received">
          Received {formatClock(playback.receivedSeconds)}
          {duration ? ` of ${formatClock(duration)}` : ''}
        </span>
        <span>Elapsed {formatSpan(elapsed)}</span>
      </div>
      {playback.status === 'waiting' && <p className="faint small">Waiting for the first audio…</p>}
      {playback.status === 'blocked' && (
        <Notice tone="info" title="Press play to listen">
          The window did not allow playback to start by itself.
        </Notice>
      )}
      {playback.status === 'unsupported' && (
        <Notice tone="info" title="Live playback is not available here">
          This window cannot play AAC while it streams. The take appears below as soon as it is
          finished.
        </Notice>
      )}
      {playback.status === 'error' && (
        <Notice tone="warn" title="Live playback stopped">
          {playback.error} The generation continues; the finished take will play normally.
        </Notice>
      )}
    </div>
  );
}
