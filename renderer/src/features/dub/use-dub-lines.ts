import { useQueryClient } from '@tanstack/react-query';
import { useApiEvent } from '../../bridge/events';
import { queryKeyFor, useApiQuery } from '../../bridge/query';

/**
 * A finished cell's lines: the approved script's cues, the service's re-timed export (when
 * there is one, shown beside) and the dub's line edits from main, refreshed when main says the
 * dub changed (a splice or an undo).
 */
export function useDubLines(script: string, language: string, dub: string, retimed?: string) {
  const client = useQueryClient();
  const cues = useApiQuery('subtitles:read', { path: script, language }, { staleTime: Infinity });
  const exported = useApiQuery(
    'subtitles:read',
    { path: retimed ?? '' },
    { staleTime: Infinity, enabled: !!retimed },
  );
  const edits = useApiQuery('dub:lineEdits', { dub });
  useApiEvent('dub:linesChanged', (event) => {
    if (event.dub !== dub) return;
    void client.invalidateQueries({ queryKey: queryKeyFor('dub:lineEdits', { dub }) });
    // The window of a line can move once the audio around it changed: price it again.
    void client.invalidateQueries({ queryKey: ['dub:lineQuote'] });
  });
  return { cues, exported, edits };
}
