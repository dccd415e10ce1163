import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Job, JobFile } from '../../../../shared/domain/jobs/job';
import { laneForTask, placePanelTake } from '../../../../shared/domain/timeline';
import { invokeResult } from '../../bridge/invoke';
import { queryKeyFor } from '../../bridge/query';
import { useTransport } from '../../editor/media/transport-store';
import type { TakeCardAction } from '../../editor/music/take-actions';
import { takeTitle } from '../../editor/music/take-view';
import { newId } from './lane-edits';
import { EMPTY_SCORE, useScorePart, useScoreStore } from './score-store';
import { TAKE_PEAKS_PER_SECOND } from './use-audio-import';

/**
 * "Place on timeline" on a finished take card of the prompt panels: the take goes on its lane
 * (effects on SFX, the rest on music) at the start of that lane's selected segment, else at the
 * playhead, trimmed to the video's end if it is longer, and becomes the take heard there. One
 * undo step. The file is probed first (its length bounds trims); its peaks are asked for at once.
 */
export function usePlaceFromPanel(): TakeCardAction {
  const queryClient = useQueryClient();
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const disabled = readOnly || !part.video;
  return useMemo(
    (): TakeCardAction => ({
      label: 'Place on timeline',
      testId: 'take-place',
      title: disabled
        ? 'Open a video in Score to place this take on its timeline'
        : 'Put this take on its lane at the selected segment or the playhead (one undo step)',
      disabled,
      run: async (job: Job, file: JobFile) => {
        const request = { path: file.path, pointsPerSecond: TAKE_PEAKS_PER_SECOND };
        void queryClient.prefetchQuery({
          queryKey: queryKeyFor('media:peaks', request),
          queryFn: async () => {
            const answer = await invokeResult('media:peaks', request);
            if (!answer.ok) throw new Error(answer.error.message);
            return answer.value;
          },
          staleTime: Infinity,
        });
        const info = await invokeResult('media:inspect', { path: file.path });
        if (!info.ok) return `${info.error.message} Open the take from Jobs to check it.`;
        if (!info.value.audio) return 'This result has no sound to place on the timeline.';
        const current = useScoreStore.getState().history?.present ?? EMPTY_SCORE;
        if (!current.video) return 'Open a video in Score first, then place the take on it.';
        const lane = laneForTask(job.request.type);
        const { playheadMs, selected } = useTransport.getState();
        const fileDurationMs = info.value.durationMs;
        const placement = placePanelTake({
          fileDurationMs,
          durationMs: current.video.durationMs,
          playheadMs,
          segments: current.lanes[lane],
          selectedSegmentId: selected?.lane === lane ? selected.id : null,
        });
        const id = newId();
        useScoreStore.getState().edit(`Place ${lane} take`, (p) => ({
          ...p,
          takes: [
            ...p.takes,
            {
              id,
              lane,
              jobId: job.id,
              path: file.path,
              label: takeTitle(job),
              createdAt: job.finishedAt ?? Date.now(),
              fileDurationMs,
              ...placement,
            },
          ],
          activeTakes: { ...p.activeTakes, [lane]: id },
        }));
        return undefined;
      },
    }),
    [queryClient, disabled],
  );
}
