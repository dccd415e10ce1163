import { useMemo } from 'react';
import { useApiQuery } from '../../bridge/query';
import { decodePeaks } from '../../editor/timeline';

/**
 * The video of the script: a URL for the picture, waveform peaks and shot changes, each
 * fetched through main (cached on disk there, docs/editing.md "Media services").
 */
export function useSubsMedia(videoPath: string | undefined) {
  const path = videoPath ?? '';
  const enabled = !!videoPath;
  const url = useApiQuery('media:url', { path }, { enabled, staleTime: Infinity });
  const peaks = useApiQuery(
    'media:peaks',
    { path, pointsPerSecond: 100 },
    { enabled, staleTime: Infinity, retry: false },
  );
  const inspect = useApiQuery(
    'media:inspect',
    { path },
    { enabled, staleTime: Infinity, retry: false },
  );
  const shots = useApiQuery(
    'media:shots',
    { path, threshold: 0.3 },
    { enabled, staleTime: Infinity, retry: false },
  );
  const decoded = useMemo(() => (peaks.data ? decodePeaks(peaks.data) : undefined), [peaks.data]);
  const durationMs = peaks.data?.durationMs ?? inspect.data?.durationMs ?? 0;
  return {
    videoUrl: url.data?.url,
    peaks: decoded,
    durationMs,
    /** Frames per second for typed frame times; 25 until the video is probed (or without one). */
    fps: inspect.data?.video?.fps ?? 25,
    shotsMs: shots.data?.shotsMs ?? NONE,
    loading: enabled && (url.isPending || (peaks.isPending && inspect.isPending)),
    error: url.error ?? (peaks.isError && inspect.isError ? inspect.error : null),
  };
}

const NONE: number[] = [];
