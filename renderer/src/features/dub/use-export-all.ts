import { useState } from 'react';
import type { DubBatchPlan } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import { invoke } from '../../bridge/invoke';
import { useDubBatch } from './batch-store';
import { exportNames } from './export-names';

export interface ExportAllState {
  run(): void;
  busy: boolean;
  /** Files written by the last run, or why it stopped. */
  written: string[];
  error: string | null;
}

/**
 * Copies every finished dub and re-timed script out as `clip.es.mp4` / `clip.es.srt`. Until main
 * offers one folder-wide export, each file goes through files:saveAs (the project folder in
 * browser mode, the save dialog in Electron).
 */
export function useExportAll(plan: DubBatchPlan, jobs: ReadonlyMap<string, Job>): ExportAllState {
  const [busy, setBusy] = useState(false);
  const [written, setWritten] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    if (busy) return;
    const files = exportNames(plan, jobs, useDubBatch.getState().runs);
    setBusy(true);
    setError(null);
    setWritten([]);
    void (async () => {
      const done: string[] = [];
      try {
        for (const file of files) {
          const saved = await invoke('files:saveAs', {
            source: file.source,
            suggestedName: file.name,
          });
          if (saved.path === null) break;
          done.push(saved.path);
          setWritten([...done]);
        }
      } catch (caught) {
        setError(
          `${caught instanceof Error ? caught.message : String(caught)} (${done.length} of ${files.length} files written; Export all again to retry.)`,
        );
      } finally {
        setBusy(false);
      }
    })();
  };
  return { run, busy, written, error };
}
