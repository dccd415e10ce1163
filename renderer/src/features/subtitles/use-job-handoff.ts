import { useEffect } from 'react';
import { useSubtitlesHandoff } from '../../editor/handoff/subtitles-handoff';
import { openProofreadJob } from './use-subs-import';

/** Opens a Proofread job Jobs handed over with "Edit subtitles" (editor/handoff), once. */
export function useJobHandoff(): void {
  const job = useSubtitlesHandoff((s) => s.job);
  useEffect(() => {
    if (!job) return;
    useSubtitlesHandoff.getState().clear();
    void openProofreadJob(job);
  }, [job]);
}
