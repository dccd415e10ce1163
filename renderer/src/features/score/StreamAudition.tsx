import { useEffect, useRef } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { formatClock } from '../../lib/format';
import { Button } from '../../ui/Button';
import { StopIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { useStreamPlayback } from '../../editor/music/use-stream-playback';
import { audibleGainsDb, dbToLinear } from './mix-levels';
import * as player from '../../editor/media/player';
import { useScorePart } from './score-store';
import { useTransport } from '../../editor/media/transport-store';

/** Further apart than this, the picture jumps to the music. */
const MAX_DRIFT_S = 0.5;
/** A jump lands this far ahead, since the picture needs about that long to decode there. */
const SEEK_LEAD_S = 0.15;

/**
 * Streamed music heard against the picture while it is generated: the stream's audio element
 * (MediaSource, the same playback as the Music panel) is the clock, and the video starts from
 * 0 with it, pauses when the stream runs dry and is steered back when it drifts.
 */
export function StreamAudition({ job, onClose }: { job: Job; onClose: () => void }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const finished = job.stage === 'succeeded';
  const playback = useStreamPlayback(job.id, audioRef, finished);
  const mix = useScorePart().mix;
  const musicGain = Math.min(1, dbToLinear(audibleGainsDb(mix).music));

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    player.stop();
    player.seek(0);
    // Small drift is taken up by playing the picture slightly faster or slower (a seek takes
    // longer than the drift it would fix); only a large gap, e.g. after a stall, is seeked.
    const follow = () => {
      const video = player.videoElement();
      if (!video) return;
      const drift = audio.currentTime - video.currentTime;
      if (Math.abs(drift) > MAX_DRIFT_S) {
        player.seek((audio.currentTime + SEEK_LEAD_S) * 1000);
        video.playbackRate = 1;
      } else {
        video.playbackRate = 1 + Math.max(-0.2, Math.min(0.2, drift * 2));
      }
    };
    const onPlaying = () => {
      follow();
      player.play(1);
    };
    const onStall = () => player.stop();
    // The audition ends with the music; the finished take is then on the music lane.
    const onEnded = () => {
      player.stop();
      useTransport.getState().set({ auditionJobId: null });
    };
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('waiting', onStall);
    audio.addEventListener('pause', onStall);
    audio.addEventListener('ended', onEnded);
    const timer = window.setInterval(() => !audio.paused && follow(), 100);
    return () => {
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('waiting', onStall);
      audio.removeEventListener('pause', onStall);
      audio.removeEventListener('ended', onEnded);
      window.clearInterval(timer);
    };
  }, [job.id]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = musicGain;
  }, [musicGain]);

  return (
    <div className="score-stream" data-status={playback.status}>
      <audio
        ref={audioRef}
        data-testid="score-stream-audio"
        preload="auto"
        aria-label="Streamed music"
      />
      <div className="row row--between">
        <span className="small muted nums">
          {playback.status === 'waiting'
            ? 'Waiting for the first music…'
            : `Music against the picture · ${formatClock(playback.receivedSeconds)} received`}
        </span>
        <Button size="small" variant="ghost" icon={<StopIcon />} onClick={onClose}>
          Stop listening
        </Button>
      </div>
      {playback.status === 'blocked' && (
        <Notice tone="info" title="Press Space to listen">
          The window did not allow playback to start by itself.
        </Notice>
      )}
      {(playback.status === 'unsupported' || playback.status === 'error') && (
        <Notice tone="warn" title="Live playback is not available">
          {playback.error ?? 'This window cannot play AAC while it streams.'} The take lands on the
          music lane when it is finished.
        </Notice>
      )}
    </div>
  );
}
