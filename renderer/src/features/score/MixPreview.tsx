import { useEffect, useRef } from 'react';
import type { DecodedPeaks } from '../../editor/timeline';
import { useApiQuery } from '../../bridge/query';
import { activeTake } from './export-request';
import { mixGraph } from './mix-graph';
import { audibleGainsDb, dbToLinear, duckFactor, sourceLevelDb } from './mix-levels';
import { onPlayhead, videoElement } from '../../editor/media/player';
import { useScorePart } from './score-store';
import { useTransport } from '../../editor/media/transport-store';

/** Take audio further than this from the picture is re-seeked (about two frames). */
const MAX_DRIFT_S = 0.08;

function TakeAudio({
  lane,
  path,
  offsetMs,
  trimStartMs = 0,
  lengthMs,
}: {
  lane: 'music' | 'sfx' | 'audio';
  path: string;
  offsetMs: number;
  trimStartMs?: number | undefined;
  lengthMs?: number | undefined;
}) {
  const ref = useRef<HTMLAudioElement>(null);
  const url = useApiQuery('media:url', { path }, { staleTime: Infinity });
  const playing = useTransport((s) => s.playing && s.shuttle === 1);

  useEffect(() => {
    const audio = ref.current;
    if (!audio || !url.data) return;
    mixGraph.connect(lane, audio);
    const follow = (ms: number) => {
      const target = (ms - offsetMs + trimStartMs) / 1000;
      const { playing: moving, shuttle } = useTransport.getState();
      const endS = lengthMs !== undefined ? (trimStartMs + lengthMs) / 1000 : Infinity;
      if (
        ms < offsetMs ||
        target >= endS ||
        (Number.isFinite(audio.duration) && target >= audio.duration)
      ) {
        audio.pause();
        return;
      }
      if (Math.abs(audio.currentTime - target) > MAX_DRIFT_S) audio.currentTime = target;
      if (moving && shuttle === 1 && audio.paused) void audio.play().catch(() => undefined);
    };
    follow(useTransport.getState().playheadMs);
    return onPlayhead(follow);
  }, [lane, offsetMs, trimStartMs, lengthMs, url.data]);

  useEffect(() => {
    if (!playing) ref.current?.pause();
  }, [playing]);

  return (
    <audio
      ref={ref}
      src={url.data?.url}
      preload="auto"
      data-testid="score-take-audio"
      data-lane={lane}
      hidden
    />
  );
}

/**
 * The free local preview of the mix: the video's own sound and the active take of each lane,
 * with mute/solo/gain applied instantly and the music ducked while the source is loud.
 */
export function MixPreview({ peaks }: { peaks: DecodedPeaks | undefined }) {
  const part = useScorePart();
  const auditioning = useTransport((s) => s.auditionJobId !== null);
  const gains = audibleGainsDb(part.mix);
  const music = activeTake(part, 'music');
  const sfx = activeTake(part, 'sfx');
  const { enabled: duckOn, depthDb } = part.mix.duck;

  useEffect(
    () =>
      useTransport.subscribe((state, previous) => {
        if (state.playing && !previous.playing) mixGraph.resume();
      }),
    [],
  );

  useEffect(() => {
    const video = videoElement();
    if (video && part.video?.hasAudio) mixGraph.connect('source', video);
  }, [part.video?.hasAudio]);

  useEffect(() => {
    mixGraph.setGain('source', dbToLinear(gains.source));
    mixGraph.setGain('music', auditioning ? 0 : dbToLinear(gains.music));
    mixGraph.setGain('sfx', dbToLinear(gains.sfx));
    mixGraph.setGain('audio', dbToLinear(gains.audio));
  }, [gains.source, gains.music, gains.sfx, gains.audio, auditioning]);

  useEffect(() => {
    if (!duckOn || !peaks) {
      mixGraph.setDuck(1);
      return;
    }
    return onPlayhead((ms) => mixGraph.setDuck(duckFactor(sourceLevelDb(peaks, ms), depthDb)));
  }, [duckOn, depthDb, peaks]);

  return (
    <>
      {[music, sfx, ...part.takes.filter((take) => take.lane === 'audio')].map((take) =>
        take?.path ? (
          <TakeAudio
            key={take.id}
            lane={take.lane}
            path={take.path}
            offsetMs={take.offsetMs}
            trimStartMs={take.trimStartMs}
            lengthMs={take.lengthMs}
          />
        ) : null,
      )}
    </>
  );
}
