import { useMemo } from 'react';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { problemView, type LaneProblemView } from './edge-drag';
import type { EdgeDragPreview } from './types';

/**
 * Problem views per lane id. Committed lanes are cached by the identity of their segment array,
 * so a parent that rebuilds its `lanes` prop on every playhead tick does not re-render every
 * segment; only the lane being dragged gets a fresh view per pointer move.
 */
export function useProblemViews(
  lanes: ReadonlyArray<{ id: string; segments: readonly TimelineSegment[] }>,
  durationMs: number,
  external: Readonly<Record<string, string>> | undefined,
  preview: EdgeDragPreview | null,
): ReadonlyMap<string, LaneProblemView> {
  // A fresh cache whenever what the views depend on (besides the segments) changes.
  const cache = useMemo(
    () => ({
      durationMs,
      external,
      views: new WeakMap<readonly TimelineSegment[], LaneProblemView>(),
    }),
    [durationMs, external],
  );
  const committed = new Map<string, LaneProblemView>();
  for (const lane of lanes) {
    let view = cache.views.get(lane.segments);
    if (!view) {
      view = problemView(lane.segments, cache.durationMs, [], cache.external);
      cache.views.set(lane.segments, view);
    }
    committed.set(lane.id, view);
  }
  const previewView = useMemo(
    () =>
      preview ? problemView(preview.segments, durationMs, preview.editProblems, external) : null,
    [preview, durationMs, external],
  );
  if (preview && previewView) committed.set(preview.laneId, previewView);
  return committed;
}
