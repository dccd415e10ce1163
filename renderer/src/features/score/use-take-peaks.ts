import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Take } from '../../../../shared/domain/project/document';
import type { Peaks } from '../../../../shared/ipc/channels/media';
import { invoke } from '../../bridge/invoke';
import { queryKeyFor } from '../../bridge/query';
import { TAKE_PEAKS_PER_SECOND } from './use-audio-import';

/**
 * Waveform peaks of every take file, by path: computed by main (media:peaks, streamed and cached
 * on disk), so the renderer never decodes the audio. Same query key as the import's prefetch.
 */
export function useTakePeaks(takes: readonly Take[]): ReadonlyMap<string, Peaks> {
  const paths = useMemo(
    () => [...new Set(takes.flatMap((take) => (take.path ? [take.path] : [])))],
    [takes],
  );
  // A stable combine lets react-query hand back the same map until an answer changes.
  const combine = useCallback(
    (results: { data?: Peaks | undefined }[]) => {
      const map = new Map<string, Peaks>();
      results.forEach((result, i) => {
        if (result.data) map.set(paths[i]!, result.data);
      });
      return map;
    },
    [paths],
  );
  return useQueries({
    queries: paths.map((path) => {
      const request = { path, pointsPerSecond: TAKE_PEAKS_PER_SECOND };
      return {
        queryKey: queryKeyFor('media:peaks', request),
        queryFn: () => invoke('media:peaks', request),
        staleTime: Infinity,
        retry: false,
      };
    }),
    combine,
  });
}
