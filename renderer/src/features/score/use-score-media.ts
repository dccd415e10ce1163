import { useMemo } from 'react';
import { useFoundShots } from '../../editor/media/use-found-shots';
import { decodePeaks } from '../../editor/timeline';
import { useApiQuery } from '../../bridge/query';
import { mergeShots } from '../../../../shared/domain/timeline';
import { useScorePart } from './score-store';

export interface MediaStep {
  label: string;
  state: 'pending' | 'done' | 'failed' | 'skipped';
  error?: string;
}

/**
 * What the workspace needs of the open video, fetched in parallel and cached by main on disk:
 * a URL the video element can load, waveform peaks (only when there is sound) and shot changes
 * (detected, and as shown: with the cuts added and removed by hand).
 */
export function useScoreMedia() {
  const part = useScorePart();
  const video = part.video;
  const path = video?.path ?? '';
  const enabled = !!video;
  const url = useApiQuery('media:url', { path }, { enabled, staleTime: Infinity });
  const peaks = useApiQuery(
    'media:peaks',
    { path, pointsPerSecond: 100 },
    { enabled: enabled && video.hasAudio, staleTime: Infinity, retry: false },
  );
  const shots = useApiQuery(
    'media:shots',
    { path, threshold: part.shotThreshold },
    { enabled, staleTime: Infinity, retry: false },
  );

  // Markers appear as main finds them; the answer (cached on disk per file) replaces them.
  const detectedMs = useFoundShots(path, part.shotThreshold, shots.data?.shotsMs);
  // What the timeline shows and snaps to: the user's own cuts over the detected ones.
  const shotsMs = useMemo(() => mergeShots(detectedMs, part.shots), [detectedMs, part.shots]);

  // Decoded once for both the waveform lane and the duck preview.
  const decoded = useMemo(() => (peaks.data ? decodePeaks(peaks.data) : undefined), [peaks.data]);

  const steps = useMemo((): MediaStep[] => {
    const step = (
      label: string,
      query: { isSuccess: boolean; isError: boolean; error: Error | null },
      skipped = false,
    ): MediaStep =>
      skipped
        ? { label, state: 'skipped' }
        : query.isSuccess
          ? { label, state: 'done' }
          : query.isError
            ? { label, state: 'failed', error: query.error?.message ?? 'failed' }
            : { label, state: 'pending' };
    return [
      step('Picture', url),
      step('Waveform', peaks, !!video && !video.hasAudio),
      step('Shot changes', shots),
    ];
  }, [url, peaks, shots, video]);

  return {
    videoUrl: url.data?.url,
    peaks: decoded,
    detectedMs,
    shotsMs,
    steps,
    loading: steps.some((s) => s.state === 'pending'),
  };
}
