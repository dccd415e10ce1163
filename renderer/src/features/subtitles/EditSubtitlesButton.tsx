import { useState } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { goTo } from '../../app/routes';
import { Button } from '../../ui/Button';
import { canEditSubtitles } from './job-opening';
import { openProofreadJob } from './use-subs-import';

/** "Edit subtitles" on a finished Proofread job: opens its .srt files and video in Subtitles. */
export function EditSubtitlesButton({ job }: { job: Job }) {
  const [busy, setBusy] = useState(false);
  if (!canEditSubtitles(job)) return null;
  const open = async () => {
    setBusy(true);
    goTo('subtitles');
    try {
      await openProofreadJob(job);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="primary"
      busy={busy}
      data-testid="job-edit-subtitles"
      onClick={() => void open()}
    >
      Edit subtitles
    </Button>
  );
}
