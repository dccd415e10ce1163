import { useState } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Button } from '../../ui/Button';
import { SearchIcon } from '../../ui/icons';
import { EstimateLine } from '../../editor/tasks/EstimateLine';
import { BriefVariations } from './BriefVariations';
import { JobProgress } from './JobProgress';
import { analysisJob } from './score-requests';
import { useScorePart, useScoreStore } from './score-store';
import { useRunningScoreJob, useScoreJobFailure } from './use-project-jobs';
import { useSubmitScoreJob } from './use-submit-job';
import { useCapabilities, videoAnalysisGate } from '../../editor/capabilities/use-capabilities';

/**
 * Analyse: a video-analysis brief (music and sound design) whose segments fill the lanes when
 * it finishes. Replacing lanes that already hold segments is one undo step.
 */
export function AnalyseButton({ blocked }: { blocked: string | undefined }) {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const running = useRunningScoreJob('analyse');
  const failure = useScoreJobFailure('analyse');
  const { submit, pending, error } = useSubmitScoreJob('analyse');
  // More variants cost more (the estimate scales with them) but give a choice of music prompt.
  const [variants, setVariants] = useState(1);
  const built = analysisJob(part, variants);
  // No FFmpeg/FFprobe here: say so before the user tries (docs/engine-notes.md 7).
  const unavailable = videoAnalysisGate(useCapabilities().data?.table);
  const reason = readOnly
    ? 'This project is read-only.'
    : (unavailable ?? blocked ?? (built.ok ? undefined : built.reason));
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
      {/* Never disabled: it only shapes the next Analyse, so it can be set while one runs. */}
      <select
        className="select score-action__select"
        aria-label="Brief variants"
        data-testid="score-analyse-variants"
        value={variants}
        onChange={(e) => setVariants(Number(e.target.value))}
      >
        {[1, 2, 3].map((n) => (
          <option key={n} value={n}>
            {n === 1 ? '1 variant' : `${n} variants`}
          </option>
        ))}
      </select>
      {reason ? (
        <span className="small score-action__reason">{reason}</span>
      ) : (
        <EstimateLine units={built.ok ? built.units : undefined} />
      )}
      <BriefVariations />
      {running && <JobProgress job={running} label="Analysis" />}
      {error && <ErrorNotice error={error} testId="score-analyse-error" />}
      {failure && !running && (
        <ErrorNotice error={new Error(failure)} testId="score-analyse-error" />
      )}
    </div>
  );
}
