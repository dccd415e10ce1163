import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { excludedCells } from '../../../../shared/domain/dub';
import { errorMessage, invoke } from '../../bridge/invoke';
import { queryKeyFor } from '../../bridge/query';
import { useDubBatch } from './batch-store';
import { ensureProject, saveBatch } from './batch-project';

export type BatchAction = 'start' | 'pause' | 'resume' | 'retry' | 'cancel' | 'export';

export interface BatchActions {
  busy: BatchAction | null;
  error: string | null;
  exported: { folder: string; files: string[] } | null;
  start(): void;
  pause(): void;
  resume(): void;
  retry(requestKeys: string[]): void;
  cancel(requestKeys: string[]): void;
  exportAll(): void;
}

/**
 * The batch's commands, all carried out by main's queue (dub:*): the renderer saves the batch
 * first so main plans from the same document, then shows what main answers.
 */
export function useBatchActions(): BatchActions {
  const client = useQueryClient();
  const [busy, setBusy] = useState<BatchAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exported, setExported] = useState<BatchActions['exported']>(null);

  const run = (action: BatchAction, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(action);
    setError(null);
    work()
      .catch((cause: unknown) => setError(errorMessage(cause)))
      .finally(() => {
        setBusy(null);
        // The balance moved (or may have): the next "balance after" must start from the new one.
        void client.invalidateQueries({ queryKey: queryKeyFor('account:services') });
        const projectPath = useDubBatch.getState().projectPath;
        if (projectPath)
          void client.invalidateQueries({ queryKey: queryKeyFor('dub:status', { projectPath }) });
      });
  };
  const store = () => useDubBatch.getState();

  return {
    busy,
    error,
    exported,
    start: () =>
      run('start', async () => {
        const projectPath = await ensureProject();
        await saveBatch(false);
        const { videos, scripts, languages, ducking, lipsync, exportSrt, excluded } = store();
        const answer = await invoke('dub:start', {
          projectPath,
          videos,
          scripts,
          settings: { languages, ducking, lipsync, exportSrt },
          excluded: excludedCells(Object.keys(excluded)),
        });
        store().setRuns(answer.runs);
      }),
    pause: () => run('pause', async () => void (await invoke('dub:pause', {}))),
    resume: () => run('resume', async () => void (await invoke('dub:resume', {}))),
    retry: (requestKeys) =>
      run('retry', async () => {
        const projectPath = await ensureProject();
        const answer = await invoke('dub:retry', { projectPath, requestKeys });
        store().setRuns(answer.runs);
      }),
    cancel: (requestKeys) =>
      run('cancel', async () => {
        const projectPath = await ensureProject();
        await invoke('dub:cancel', { projectPath, requestKeys });
      }),
    exportAll: () =>
      run('export', async () => {
        const projectPath = await ensureProject();
        setExported(await invoke('dub:exportAll', { projectPath }));
      }),
  };
}
