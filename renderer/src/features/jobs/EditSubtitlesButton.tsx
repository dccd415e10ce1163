import type { Job } from '../../../../shared/domain/jobs/job';
import { goTo } from '../../app/routes';
import { canEditSubtitles, useSubtitlesHandoff } from '../../editor/handoff/subtitles-handoff';
import { Button } from '../../ui/Button';

/** "Edit subtitles" on a finished Proofread job: hands it to Subtitles, which opens its files. */
export function EditSubtitlesButton({ job }: { job: Job }) {
  if (!canEditSubtitles(job)) return null;
  return (
    <Button
      size="small"
      variant="primary"
      data-testid="job-edit-subtitles"
      onClick={() => {
        useSubtitlesHandoff.getState().send(job);
        goTo('subtitles');
      }}
    >
      Edit subtitles
    </Button>
  );
}
