import { useState } from 'react';
import { batchProgress, runCoverage, type FailedRetry } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import { EmptyState } from '../../ui/EmptyState';
import { useDubBatch } from './batch-store';
import { BatchBar } from './BatchBar';
import { BatchList } from './BatchList';
import { BatchTemplates } from './BatchTemplates';
import { BatchOptions } from './BatchOptions';
import { CellDrawer } from './CellDrawer';
import { DropZone } from './DropZone';
import { DubGrid } from './DubGrid';
import { focusGridCell } from './grid-focus';
import { RetryFailedConfirm } from './RetryFailedConfirm';
import { SkippedFiles, UnpairedScripts } from './FileLists';
import { useDubCommands } from './dub-commands';
import { useSubtitlesHandoff } from './handoff';
import { useBatchActions } from './use-batch-actions';
import { useBatchProject } from './use-batch-project';
import { useBatchSignals } from './use-batch-signals';
import { useDubPlan } from './use-dub-plan';
import { useDubQueue } from './use-dub-queue';

/** The batch: files × languages, priced and preflighted before Start, then run and checked. */
export function DubBatchWorkspace() {
  const project = useBatchProject();
  const { plan, facts, jobs, engine } = useDubPlan();
  const queue = useDubQueue();
  const actions = useBatchActions();
  const runs = useDubBatch((s) => s.runs);
  const openCell = useDubBatch((s) => s.openCell);
  const progress = batchProgress(plan, jobs, runs);
  const started = Object.keys(runs).length > 0;
  const languages = useDubBatch((s) => s.languages);
  const sent = sentLanguages(runs, jobs, languages);
  useBatchSignals(progress, started && !queue?.paused);
  const [retryAsk, setRetryAsk] = useState<FailedRetry | null>(null);
  useDubCommands(plan, jobs, queue, actions, setRetryAsk);
  useSubtitlesHandoff(project.ready);

  return (
    <DropZone>
      <BatchList />
      <BatchTemplates />
      <BatchOptions engine={engine} locked={started} sent={sent} />
      <BatchBar
        plan={plan}
        jobs={jobs}
        queue={queue}
        checking={facts.pending.size > 0}
        actions={actions}
      />
      {(project.error ?? facts.error) && (
        <p className="small dub-error" role="alert">
          {project.error
            ? `The batch could not be saved: ${project.error} Check the project folder in Settings.`
            : `The files could not be checked: ${facts.error} Add them again.`}
        </p>
      )}
      <div className={`dub-main${openCell ? ' dub-main--drawer' : ''}`}>
        {plan.rows.length === 0 ? (
          <EmptyState title="No videos yet">
            Drop videos, folders of videos and their .srt/.vtt scripts here, or use Add videos…
            Scripts pair by name: <code>clip.es.srt</code>, <code>clip_fr.vtt</code>.
          </EmptyState>
        ) : (
          <DubGrid plan={plan} jobs={jobs} pending={facts.pending} />
        )}
        <CellDrawer plan={plan} jobs={jobs} actions={actions} />
      </div>
      {retryAsk && (
        <RetryFailedConfirm
          retry={retryAsk}
          onConfirm={() => actions.retry(retryAsk.requestKeys)}
          onClose={() => {
            setRetryAsk(null);
            // R was pressed in the grid: focus goes back to the cell it came from.
            focusGridCell();
          }}
        />
      )}
      <UnpairedScripts plan={plan} />
      <SkippedFiles />
    </DropZone>
  );
}

/** Languages a sent request asked for (all shown ones when a job is not known yet). */
function sentLanguages(
  runs: Readonly<Record<string, string>>,
  jobs: ReadonlyMap<string, Job>,
  shown: readonly string[],
): Set<string> {
  const sent = new Set<string>();
  for (const languages of runCoverage(runs, jobs).values())
    for (const code of languages ?? shown) sent.add(code);
  return sent;
}
