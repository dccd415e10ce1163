import { ErrorNotice } from '../../ui/ErrorNotice';
import { Button } from '../../ui/Button';
import { SearchIcon } from '../../ui/icons';
import { EstimateLine } from '../tasks/EstimateLine';
import { JobProgress } from './JobProgress';
import { analysisJob } from './score-requests';
import { useScorePart, useScoreStore } from './score-store';
import { usePendingJob } from './use-job-outcomes';
import { usePendingJobs } from './pending-jobs';
import { useSubmitScoreJob } from './use-submit-job';

/**
 * Analyse: a video-analysis brief (music and sound design) whose segments fill the lanes when
 * it finishes. Replacing lanes that already hold segments is one undo step.
 */
export function AnalyseButton({ blocked }: { blocked: string | undefined }) {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const running = usePendingJob('analyse');
  const failure = usePendingJobs((s) => s.failures.analyse);
  const { submit, pending, error } = useSubmitScoreJob('analyse');
  const built = analysisJob(part);
  const reason = readOnly
    ? 'This project is read-only.'
    : (blocked ?? (built.ok ? undefined : built.reason));
  const replaces = part.lanes.music.length > 0 || part.lanes.sfx.length > 0;

  return (
    <div className="score-action">
      <Button
        variant="primary"
        icon={<SearchIcon />}
        data-testid="score-analyse"
        disabled={!!reason || !!running || pending}
        busy={pending || !!running}
        title={
          reason ??
          (replaces
            ? 'Replaces both lanes (Ctrl+Z brings them back)'
            : 'Fill the lanes from a brief')
        }
        onClick={() => built.ok && submit(built.job)}
      >
        Analyse
      </Button>
      {reason ? (
        <span className="small score-action__reason">{reason}</span>
      ) : (
        <EstimateLine units={built.ok ? built.units : undefined} />
      )}
      {running && <JobProgress job={running} label="Analysis" />}
      {error && <ErrorNotice error={error} testId="score-analyse-error" />}
      {failure && !running && (
        <ErrorNotice error={new Error(failure)} testId="score-analyse-error" />
      )}
    </div>
  );
}
