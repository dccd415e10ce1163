import { batchProgress } from '../../../../shared/domain/dub';
import { EmptyState } from '../../ui/EmptyState';
import { useDubBatch } from './batch-store';
import { BatchBar } from './BatchBar';
import { BatchOptions } from './BatchOptions';
import { CellDrawer } from './CellDrawer';
import { DropZone } from './DropZone';
import { DubGrid } from './DubGrid';
import { SkippedFiles, UnpairedScripts } from './FileLists';
import { useDubCommands } from './dub-commands';
import { useBatchAutosave } from './use-batch-autosave';
import { useBatchRunner } from './use-batch-runner';
import { useBatchSignals } from './use-batch-signals';
import { useDubPlan } from './use-dub-plan';
import { useExportAll } from './use-export-all';

/** The batch: files × languages, priced and preflighted before Start, then run and checked. */
export function DubBatchWorkspace() {
  useBatchAutosave();
  const { plan, facts, jobs, engine, concurrency } = useDubPlan();
  const runs = useDubBatch((s) => s.runs);
  const running = useDubBatch((s) => s.running);
  const openCell = useDubBatch((s) => s.openCell);
  const progress = batchProgress(plan, jobs, runs);
  useBatchRunner(plan, jobs, concurrency);
  useBatchSignals(progress, running);
  useDubCommands(plan, jobs);
  const exporter = useExportAll(plan, jobs);
  const started = Object.keys(runs).length > 0;

  return (
    <DropZone>
      <BatchOptions engine={engine} locked={started} />
      <BatchBar
        plan={plan}
        jobs={jobs}
        checking={facts.pending.size > 0}
        onExportAll={exporter.run}
        exporting={exporter.busy}
      />
      {(exporter.written.length > 0 || exporter.error) && (
        <p className={`small ${exporter.error ? 'dub-error' : 'faint'}`} role="status">
          {exporter.error ??
            `Exported ${exporter.written.length} file${exporter.written.length === 1 ? '' : 's'}: ${exporter.written.join(', ')}`}
        </p>
      )}
      <div className={`dub-main${openCell ? ' dub-main--drawer' : ''}`}>
        {plan.rows.length === 0 ? (
          <EmptyState title="No videos yet">
            Drop videos, folders of videos and their .srt/.vtt scripts here, or use Add videos….
            Scripts pair by name: <code>clip.es.srt</code>, <code>clip_fr.vtt</code>.
          </EmptyState>
        ) : (
          <DubGrid plan={plan} jobs={jobs} pending={facts.pending} />
        )}
        <CellDrawer plan={plan} jobs={jobs} />
      </div>
      <UnpairedScripts plan={plan} />
      <SkippedFiles />
    </DropZone>
  );
}
